type F = File
notice(F)
notice(F == File)
