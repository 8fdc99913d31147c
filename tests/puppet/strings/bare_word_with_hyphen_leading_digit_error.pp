notice(9abc)
