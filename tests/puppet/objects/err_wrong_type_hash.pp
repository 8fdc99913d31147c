type Point = Object[{attributes => {x => Integer, y => Integer}}]
notice(Point({'x' => 1, 'y' => 'two'}))
