notice(Binary('+/8=', '%u'))
