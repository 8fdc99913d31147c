class later { $v = 1 }
notice($later::v)
