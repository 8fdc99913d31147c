notice(Binary('a*b='))
