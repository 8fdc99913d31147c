notice(Deferred('join', 'x'))
