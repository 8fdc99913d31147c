class foo { $a = 1 }
include foo
[$a, $b] = Class[foo]
