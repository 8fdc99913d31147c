notice(Float(undef))
