notice(Numeric('twelve'))
