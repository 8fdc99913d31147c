notice(assert_type(Integer, 5))
notice(assert_type(String, 5) |$expected, $actual| { "expected ${expected}, got ${actual}" })
