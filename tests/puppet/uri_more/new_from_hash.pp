notice(URI({scheme => 'https', host => 'h.com', port => 444, path => '/p'}))
