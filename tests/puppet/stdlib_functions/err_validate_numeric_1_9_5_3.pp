validate_numeric([1, 9.5], 3)
