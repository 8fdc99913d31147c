notice(Binary('a*b=', '%u'))
