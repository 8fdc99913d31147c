notice(assert_type(String, 'x'), assert_type('Integer', 3))
