if 'ab' =~ /(a)(b)/ { notice($01) }
