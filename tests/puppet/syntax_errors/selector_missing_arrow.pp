notice(1 ? { 1 'a' })
