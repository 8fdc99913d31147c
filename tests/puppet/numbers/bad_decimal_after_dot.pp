notice(1.2x)
notice(0x1G)
