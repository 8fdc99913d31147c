notice(0)
notice(42)
notice(-7)
notice(1234567890)
