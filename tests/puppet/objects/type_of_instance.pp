type P = Object[{attributes => {s => String}}]
$p = P('x')
notice(type($p))
notice(type($p, generalized))
notice(type($p) == P)
notice(P =~ Type[Object])
notice(P =~ Type)
