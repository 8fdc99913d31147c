$t = Object[{attributes => {a => Integer}}]
notice($t.new(1))
