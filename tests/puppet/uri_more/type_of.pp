notice(type(URI('http://a')))
notice(type(URI('http://a'), 'generalized'))
