notice(Binary('YWJj'))
notice(Binary('YWI='))
notice(Binary('YQ=='))
