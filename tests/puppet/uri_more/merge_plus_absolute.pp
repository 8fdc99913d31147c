notice(URI('http://a.com/x') + 'https://b.org/')
