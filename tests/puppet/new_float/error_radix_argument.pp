notice(Float('10', 16))
