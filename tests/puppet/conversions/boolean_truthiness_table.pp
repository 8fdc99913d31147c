$vals = ['', 'false', 0, undef, false, [], {}, 'x']
$vals.each |$v| { notice("${v} => ${!!$v}") }
