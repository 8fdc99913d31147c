notice(1 ? { default => 'd', 1 => 'one' })
