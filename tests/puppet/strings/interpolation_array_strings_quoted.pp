$a = ['x', "y z", 1]
notice("${a}")
notice($a)
