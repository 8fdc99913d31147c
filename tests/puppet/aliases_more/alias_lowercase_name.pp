type foo = Integer
notice(1)
