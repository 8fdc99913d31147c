notice(String(Binary('YWJj')))
notice(String(Binary('YWJj'), '%s'))
