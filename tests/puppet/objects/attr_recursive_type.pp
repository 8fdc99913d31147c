type Tree = Object[{attributes => {value => Integer, children => {type => Array[Tree], value => []}}}]
$t = Tree(1, [Tree(2), Tree(3, [Tree(4)])])
notice($t)
notice($t.children[1].children[0].value)
