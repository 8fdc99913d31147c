[$a, $b] = Class[foo]
