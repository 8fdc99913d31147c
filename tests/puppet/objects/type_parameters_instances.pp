type T = Object[{type_parameters => {v => Integer}, attributes => {v => Integer, w => String}}]
$t = T(3, 'x')
notice([T[3], T[4]].map |$x| { $t =~ $x })
notice(type($t))
notice(T[3])
