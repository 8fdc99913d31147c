tree_each([1, [2, 3], {a => 4}]) |$p, $v| { notice("${p} ${v}") }
$a = [1, [2]]
$a.tree_each({include_containers => false}) |$v| { notice($v) }
$b = [1, [2, [3]]]
$b.tree_each({order => breadth_first}) |$p, $v| { notice("${p}: ${v}") }
$c = {a => {b => 1}}
$c.tree_each({include_root => false}) |$p, $v| { notice("${p}=${v}") }
$d = [1, [2]]
$d.tree_each |$v| { notice($v) }
