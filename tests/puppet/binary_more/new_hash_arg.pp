notice(Binary({value => 'YWJj'}))
notice(Binary({value => 'abc', format => '%s'}))
