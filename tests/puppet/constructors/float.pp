notice(Float('1.5'), Float(3), Float('0b101'), Float(true), Float('1e3'))
