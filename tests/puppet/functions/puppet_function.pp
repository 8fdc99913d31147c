function add_one(Integer $x) >> Integer { $x + 1 }
notice(add_one(2))
