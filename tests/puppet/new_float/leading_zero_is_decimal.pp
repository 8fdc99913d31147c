notice(Float('010'))
notice(Float('0.010'))
