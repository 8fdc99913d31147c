type D = Object[{attributes => {a => Integer, d => {type => Integer, kind => derived}}}]
notice(D)
$d = D(1)
notice($d)
