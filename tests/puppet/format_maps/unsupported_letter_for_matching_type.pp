notice(String(1.5, { Numeric => '%c' }))
