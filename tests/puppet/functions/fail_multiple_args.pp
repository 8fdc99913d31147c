fail('a', 'b')
