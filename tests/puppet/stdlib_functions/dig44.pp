notice(dig44({a => {b => [1, 2]}}, ["a", "b", 1]))
notice(dig44({a => 1}, ["x"], "dflt"))
notice(dig44({a => 1}, ["a", "b"], "dflt"))
