$x = if true { 1; 2; 3 }
notice($x)
