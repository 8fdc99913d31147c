notice(Binary('YWI', '%B'))
