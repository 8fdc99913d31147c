notice(Integer('forty'))
