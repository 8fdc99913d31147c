notice(Boolean(0), Boolean(1), Boolean(-1), Boolean(42))
notice(Boolean(0.0), Boolean(-0.0), Boolean(0.1), Boolean(-2.5))
