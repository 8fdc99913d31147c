notice(URI(scheme => 'https', host => 'example.com', path => '/a/b'))
