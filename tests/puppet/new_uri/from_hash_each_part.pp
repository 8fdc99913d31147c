notice(URI({scheme => 'https', userinfo => 'me', host => 'h.example', port => 8443, path => '/p', query => 'a=1', fragment => 'top'}))
notice(URI({path => '/only/path'}))
notice(URI({scheme => 'urn', opaque => 'isbn:0451450523'}))
notice(URI({host => 'h', path => '/p'}))
