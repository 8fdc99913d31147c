$s = Struct[{a => Integer, Optional[b] => String}]
notice($s.new({a => 1}))
notice($s.new([a, 1, b, x]))
notice($s.new([[a, 2]]))
notice(Struct[{a => Integer}]({a => 3}))
notice(Struct[{a => Integer, b => Optional[String]}]([a, 4]))
