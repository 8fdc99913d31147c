notice(5 ? { String => 's', Integer => 'i' }, 'x' ? { Integer => 'i', default => 'd' })
