notice(Binary('!!!'))
