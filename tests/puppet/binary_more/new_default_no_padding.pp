notice(Binary('YWI'))
