str2saltedsha512(5)
