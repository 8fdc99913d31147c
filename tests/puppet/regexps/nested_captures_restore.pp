$x = '3'
notice($x =~ /(\d)/, $1)
if 'abc' =~ /(b)/ {
  notice($1)
  if 'x' =~ /(x)/ { notice($1) }
  notice($1)
}
notice($1)
