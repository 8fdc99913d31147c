notice(hello)
notice(a-b_c9)
notice([foo, bar])
$x = running
notice($x == 'running')
