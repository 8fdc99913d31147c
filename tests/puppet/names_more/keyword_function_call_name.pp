notice(type(1))
notice(type(1, 'generalized'))
