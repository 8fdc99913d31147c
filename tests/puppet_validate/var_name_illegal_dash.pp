notice($a-b)
