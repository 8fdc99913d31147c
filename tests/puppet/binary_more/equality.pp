notice(Binary('YWJj') == Binary('abc', '%s'))
notice(Binary('YWJj') == 'YWJj')
notice(Binary('YWJj') == Binary('YWI='))
