function double(Integer $x) { $x * 2 }
notice(double('x'))
