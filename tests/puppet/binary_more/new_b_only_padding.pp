notice(String(Binary('====', '%b'), '%p'))
