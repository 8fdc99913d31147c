str2saltedpbkdf2('p', 'longenough', '50000')
