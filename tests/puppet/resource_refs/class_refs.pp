notice(Class['apache'], Class[apache], Class['a', 'b'])
