$re = /^a(b)/
notice($re)
if 'abc' =~ $re { notice("matched ${1}") }
