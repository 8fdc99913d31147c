type D = Object[{attributes => {a => Integer, d => {type => Integer, kind => derived}}}]
$d = D(1)
notice($d.d)
