notice(Struct[{a => Integer}]({a => '1'}))
