notice(Integer('42abc'))
