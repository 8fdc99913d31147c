notice(Binary({value => 'aGk='}))
notice(Binary({value => 'hi', format => '%s'}))
notice(Binary({value => [104, 105]}))
notice(Binary({value => 'aGk', format => '%b'}))
