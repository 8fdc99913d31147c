notice(Numeric(true), Numeric(false))
notice(type(Numeric(true)))
