notice(1)
/* never closed
notice(2)
