notice(Numeric(undef))
