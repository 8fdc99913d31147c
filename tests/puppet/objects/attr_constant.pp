type C = Object[{attributes => {k => {type => Integer, kind => constant, value => 42}, n => String}}]
$c = C('hi')
notice($c)
notice($c.k)
notice(C)
