notice(URI('http://x.org/a') =~ URI['http://x.org'])
notice(URI('http://y.org/a') =~ URI['http://x.org'])
notice(type(URI('http://x.org/a')))
