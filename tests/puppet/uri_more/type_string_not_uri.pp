notice('http://a' =~ URI)
notice(URI('http://a') =~ URI)
