with(1) |$x| { notice $x }
with(1, 2) |$a, $b| { notice($a + $b) }
$r = with('v') |$x| { "got ${x}" }
notice($r)
