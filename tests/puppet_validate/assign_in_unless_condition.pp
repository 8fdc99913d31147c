unless $x = 1 { notice(1) }
