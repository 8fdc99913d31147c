notice(true == true, true == 'true', false != true)
