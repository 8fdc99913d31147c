notice('abc' =~ /b/, 'abc' !~ /z/, 'abc' =~ 'a.c', 'ABC' =~ /abc/)
