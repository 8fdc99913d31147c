type Tree = Object[{attributes => {v => Integer, children => {type => Array[Tree], value => []}}}]
type X = Array[Tree]
notice(X)
notice(Tree)
$t = Tree(1, [Tree(2)])
notice($t == Tree(1, [Tree(2)]))
notice(type($t))
