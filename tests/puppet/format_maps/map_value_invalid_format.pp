notice(String(1, { Integer => '%5' }))
