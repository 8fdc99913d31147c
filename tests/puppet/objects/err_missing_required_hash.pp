type Point = Object[{attributes => {x => Integer, y => Integer}}]
notice(Point({'y' => 1}))
