notice(Numeric('010', 10))
