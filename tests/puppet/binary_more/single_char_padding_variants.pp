notice(Binary('YQ', '%b'))
notice(Binary('YQ=', '%b'))
