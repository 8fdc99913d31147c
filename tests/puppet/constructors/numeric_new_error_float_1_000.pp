notice(Float('1_000'))
