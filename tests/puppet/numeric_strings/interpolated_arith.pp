$n = '0x0A'
notice("${n + 1}")
