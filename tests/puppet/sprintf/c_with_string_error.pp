notice(sprintf('%c', 'xyz'))
