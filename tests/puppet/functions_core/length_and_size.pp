notice(length('héllo'), length([1, 2]), length({a => 1}), size([1, 2, 3]))
