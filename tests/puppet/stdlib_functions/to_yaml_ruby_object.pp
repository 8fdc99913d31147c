notice(to_yaml([Integer]))
