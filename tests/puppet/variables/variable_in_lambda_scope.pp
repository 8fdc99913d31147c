$x = 'outer'
[1].each |$i| {
  $y = 'lambda local'
  notice("${x} ${i} ${y}")
}
notice("after: [${y}]")
