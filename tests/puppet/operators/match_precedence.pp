notice('a' =~ /a/ and 'b' =~ /b/)
