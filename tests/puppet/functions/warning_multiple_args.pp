warning('w', 1, [2])
err('e', 'f')
