notice(URI(''))
