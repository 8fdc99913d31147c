notice(regsubst(['a1', 'b2'], '\d', 'N'))
