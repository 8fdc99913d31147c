notice('a' < 'b', 'B' < 'a', 'abc' <= 'ABC', '10' < '9')
