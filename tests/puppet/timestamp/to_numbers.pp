notice(Integer(Timestamp(1.9)), Float(Timestamp(1.5)), Numeric(Timestamp(2)), Integer(Timestamp(-1.5)))
