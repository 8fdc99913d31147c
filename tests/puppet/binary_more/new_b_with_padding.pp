notice(Binary('YWI=', '%b'))
notice(String(Binary('YWI=', '%b'), '%s'))
