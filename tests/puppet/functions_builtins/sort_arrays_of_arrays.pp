# sort compares arrays as Ruby's Array#<=> does: element by element.
notice([['b', 'x'], ['a', 'y'], ['a', 'b'], ['a']].sort)
notice(Array({'z' => 1, 'a' => 2}).sort)
notice([[2, 1], [1, 2, 3], [1, 2]].sort)
