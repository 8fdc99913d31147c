notice(Integer('3.7'))
