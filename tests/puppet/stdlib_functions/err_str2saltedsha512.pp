str2saltedsha512()
