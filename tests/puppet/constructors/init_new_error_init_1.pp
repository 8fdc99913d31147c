notice(Init(1))
