type Node = Struct[{value => Integer, Optional[children] => Array[Node]}]
notice({value => 1, children => [{value => 2}]} =~ Node)
notice({value => 1, children => [{value => 'x'}]} =~ Node)
