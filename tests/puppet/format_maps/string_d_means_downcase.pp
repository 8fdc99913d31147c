notice(String('ABC', { String => '%d', Integer => '%s' }))
