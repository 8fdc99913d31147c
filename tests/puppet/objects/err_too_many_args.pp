type Point = Object[{attributes => {x => Integer, y => Integer}}]
notice(Point(1, 2, 3))
