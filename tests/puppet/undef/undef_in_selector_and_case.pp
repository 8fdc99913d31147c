notice(undef ? { undef => 'matched undef', default => 'default' })
notice('' ? { undef => 'empty matches undef', default => 'empty is not undef' })
