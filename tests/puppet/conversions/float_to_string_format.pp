notice(String(1e15))
notice(String(0.1))
notice(String(2.0))
notice("${1e15 + 0}")
