notice(Binary('YWI=', '%B'))
