notice(sprintf('%s|%10s|%-10s|%.2s', 'abc', 'abc', 'abc', 'abc'))
notice(sprintf('%c%c%c', 72, 105, 33))
notice(sprintf('%p', 'abc'))
notice(sprintf('%%|%s%%', 50))
