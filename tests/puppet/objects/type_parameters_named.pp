type T = Object[{type_parameters => {v => Integer, w => String}, attributes => {v => Integer, w => String}}]
$t = T(1, 'a')
notice(T[w => 'a'])
notice($t =~ T[w => 'a'])
notice($t =~ T[v => 2])
notice(T[1] == T[1])
notice(T[1] == T[2])
