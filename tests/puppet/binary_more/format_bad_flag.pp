notice(String(Binary('YQ=='), '%d'))
