notice(URI('http://a.com/b/../c/./d'))
notice(URI('http://a.com/b/../c') == URI('http://a.com/c'))
