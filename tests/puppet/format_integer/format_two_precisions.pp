notice(String(42, '%5.2.1d'))
