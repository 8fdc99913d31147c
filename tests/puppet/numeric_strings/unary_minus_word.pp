$s = 'abc'
notice(-$s)
