type P = Object[{attributes => {x => Integer}}]
function twice(P $p) >> Integer { $p.x * 2 }
notice(twice(P(4)))
notice(type(P))
notice(P(1) =~ Type[P])
notice(assert_type(P, P(5)).x)
notice([P(1), P(2)].map |P $p| { $p.x })
