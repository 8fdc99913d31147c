$values = ['', 'false', 0, 0.0, -1, [], {}, 'x', true, false, undef, default]
$values.each |$v| {
  if $v { $r = 'truthy' } else { $r = 'falsy' }
  notice("${String($v, '%p')} => ${r}")
}
