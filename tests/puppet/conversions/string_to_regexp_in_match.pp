$pat = 'a(.)c'
if 'abc' =~ $pat { notice("string pattern captured ${1}") }
notice('a+b' =~ 'a+b')
notice('aab' =~ 'a+b')
