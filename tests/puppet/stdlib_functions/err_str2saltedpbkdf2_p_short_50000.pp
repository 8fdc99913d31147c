str2saltedpbkdf2('p', 'short', 50000)
