notice(Numeric(true), Numeric('0xFF'), Numeric('010'), Numeric('3.14'), Numeric('-2'))
