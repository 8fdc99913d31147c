notice(file())
