notice(((1)))
notice((1 + 2) * (3 + 4))
notice(!(!(true)))
