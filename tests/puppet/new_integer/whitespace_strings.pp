notice(Integer(' 42'))
