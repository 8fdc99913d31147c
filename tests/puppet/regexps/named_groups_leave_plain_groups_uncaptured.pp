# With a named group in the pattern, Ruby's plain groups do not capture.
if 'xyz' =~ /(?<first>x)(y)(z)/ {
  notice([$0, $1, $2, $3])
}
notice('xyz'.match(/(?<first>x)(y)/))
