type3x(undef)
notice(type3x(undef))
