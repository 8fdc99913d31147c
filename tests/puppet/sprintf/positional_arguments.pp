notice(sprintf('%2$s %1$s', 'world', 'hello'))
notice(sprintf('%1$s-%1$s', 'x'))
notice(sprintf('%1$*2$d|', 7, 5))
