$l = [1, 2, 3]
$l.each |$i| {
  if $i % 2 == 0 { notice("${i} even") } else { notice("${i} odd") }
}
