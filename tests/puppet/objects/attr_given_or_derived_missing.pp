type G = Object[{attributes => {a => Integer, g => {type => Integer, kind => given_or_derived}}}]
$g = G(1)
notice($g)
