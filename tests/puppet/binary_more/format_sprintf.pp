$b = Binary('YWJj')
notice(sprintf('%s %B %u %p', $b, $b, $b, $b))
