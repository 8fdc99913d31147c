$t = Object[{attributes => {a => Integer}}]
notice($t)
notice(Object)
notice(Object[{}])
