notice(URI({scheme => 'http', domain => 'x'}))
