$h = {b => 1, a => 2}
notice(keys($h), values($h))
