notice(URI({scheme => 'https', bogus => 1}))
