notice(undef ? { undef => 'u', default => 'd' })
