type P = Object[{attributes => {x => Integer}}]
function twice(P $p) { $p.x * 2 }
notice(twice(3))
