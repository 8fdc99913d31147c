notice(Binary('a*b=', '%b'))
