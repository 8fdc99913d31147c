function bad() >> String { 42 }
notice(bad())
