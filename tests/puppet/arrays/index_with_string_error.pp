$a = [1, 2]
notice($a['x'])
