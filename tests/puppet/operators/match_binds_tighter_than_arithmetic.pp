notice('a' =~ /a/ == true)
notice('ab' =~ /b/ and 'ab' !~ /c/)
