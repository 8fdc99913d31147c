if 'abc' =~ /(b)/ { notice($1) notice($0) }
