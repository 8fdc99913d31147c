notice('ell' in 'Hello', 'ELL' in 'hello', 'x' in 'abc')
