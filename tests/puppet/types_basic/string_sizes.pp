notice('abc' =~ String[1], 'abc' =~ String[1, 2], '' =~ String[1])
