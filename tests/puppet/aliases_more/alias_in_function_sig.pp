type Pos = Integer[1]
function f(Pos $n) >> Pos { $n + 1 }
notice(f(1))
notice(f(-1))
