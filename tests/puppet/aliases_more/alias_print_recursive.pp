type Tree = Array[Variant[Integer, Tree]]
notice(Tree)
notice(String(Tree))
