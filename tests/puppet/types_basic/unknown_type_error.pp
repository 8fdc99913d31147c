notice(1 =~ Nosuchtype)
