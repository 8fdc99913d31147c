notice(String(URI('http://x.org/'), '%d'))
