notice(Binary([]))
notice(Binary([0, 255]))
notice(Binary([104, 105]))
notice(length(Binary([1, 2, 3])))
