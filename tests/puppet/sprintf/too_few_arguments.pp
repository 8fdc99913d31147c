notice(sprintf('%s %s', 'one'))
