[1,2].each |$x| { notice $x }
[1,2].each |$i, $x| { notice("${i}:${x}") }
$h = { 'k' => 'v' }
$h.each |$k, $v| { notice("${k}=${v}") }
notice(({ 'a' => 1 }).map |$k, $v| { $k })
