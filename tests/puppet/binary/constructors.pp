notice(Binary('YWJj'), Binary('YWJ', '%b'), Binary('abc', '%s'), Binary([97, 98, 99]), Binary({value => 'YWJj'}), Binary('++//', '%B'))
