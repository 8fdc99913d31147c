notice(Integer('ff', 10))
