notice(assert_type(Integer, 'x') |$expected, $actual| { "wanted ${expected}, got ${actual}" })
