notice({a => 1, b => 2, c => 3} - a)
notice({a => 1, b => 2, c => 3} - [a, c])
notice({a => 1, b => 2} - {b => 9})
