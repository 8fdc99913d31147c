notice(Integer('42 '))
