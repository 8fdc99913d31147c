notice(Integer('ff', 16))
