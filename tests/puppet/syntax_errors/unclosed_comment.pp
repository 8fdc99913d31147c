/* never closed
notice(1)
