notice('abc' =~ /b/ and true)
notice('abc' =~ /z/ or 'x' =~ /x/)
notice(!('abc' =~ /b/))
