notice(Binary([-1]))
