if 'ab' =~ /(a)/ { notice(type($99)) }
