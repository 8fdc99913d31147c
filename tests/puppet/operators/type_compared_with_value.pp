notice(Integer < 1)
notice(Integer >= 1)
notice(Integer < Numeric)
