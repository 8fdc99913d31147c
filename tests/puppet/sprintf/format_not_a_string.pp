notice(sprintf(42))
