$h = {Binary('YWJj') => 1}
notice($h[Binary('abc', '%s')])
