notice(call('upcase', 'abc'))
