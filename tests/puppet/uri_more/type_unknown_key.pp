notice(URI[{bogus => 'x'}])
