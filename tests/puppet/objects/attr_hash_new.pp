type Point = Object[{attributes => {x => Integer, y => Integer}}]
$a = Point.new({'x' => 3, 'y' => 4})
$b = Point({'y' => 6, 'x' => 5})
$c = Point.new(7, 8)
notice([$a, $b, $c])
