notice(Struct[{a => Integer}]({a => 1, b => 2}))
