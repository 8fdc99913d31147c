notice('a' in ['a', 'b'], 'c' in {'c' => 1}, 'sub' in 'substring', 3 in [1, 2])
