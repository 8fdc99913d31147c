notice(true)
notice(false)
notice([true, false])
