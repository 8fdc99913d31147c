function first_big($arr) {
  $arr.each |$x| { if $x > 10 { return($x) } }
  'none'
}
notice(first_big([1, 20, 30]))
notice(first_big([1]))
