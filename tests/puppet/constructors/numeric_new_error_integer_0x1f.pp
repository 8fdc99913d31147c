notice(Integer('  - 0x1f '))
