validate_integer([1, 'b'])
