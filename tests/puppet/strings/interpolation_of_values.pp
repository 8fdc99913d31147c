$a = [1, 'two', [3]]
$h = { 'a' => 1, 'b' => [2] }
$f = 1.5
notice("array: ${a}")
notice("hash: ${h}")
notice("float: ${f} ${$f * 2}")
notice("bool: ${1 == 1}")
notice("regexp: ${/a+b/}")
notice("type: ${Integer[1, 2]}")
notice("nested: ${[[], {}]}")
notice("default: ${[default]}")
