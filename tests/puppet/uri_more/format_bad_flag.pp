notice(String(URI('http://a'), '%d'))
