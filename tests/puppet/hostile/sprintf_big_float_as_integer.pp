notice(sprintf('%d', 1.5e300))
notice(sprintf('%x', 1e20))
