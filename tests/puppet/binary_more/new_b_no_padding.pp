notice(Binary('YWI', '%b'))
notice(Binary('YQ', '%b'))
