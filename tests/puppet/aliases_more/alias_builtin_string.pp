type String = Integer
notice(1)
