notice(URI('http://exa mple.com'))
