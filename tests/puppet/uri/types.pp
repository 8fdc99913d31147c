notice(type(URI('https://example.com/a/b')), URI('https://example.com/a') =~ URI[scheme => Enum[http, https]], URI('ftp://x') =~ URI[scheme => Enum[http, https]])
