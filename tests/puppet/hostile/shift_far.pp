# Found by the puppet_apply fuzz target: zero shifted far computed 1 << 1061.
notice(0 >> -1061)
notice(0 << 1000000)
notice(1 >> 70)
notice(-1 >> 1000)
notice(1 << -3)
notice(-1 << 63)
notice(1 << 70)
