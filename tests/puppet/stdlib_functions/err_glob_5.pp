glob(5)
