notice(Integer[1, 10].step(3).map |$x| { $x })
notice(5.step(2).map |$x| { $x })
