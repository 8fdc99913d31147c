notice(String(Binary('abc', '%s'), '%d'))
