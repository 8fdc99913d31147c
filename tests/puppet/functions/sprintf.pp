notice(sprintf('%05d|%s|%.3f', 42, 'x', 3.14159))
notice(sprintf('%x', 255))
