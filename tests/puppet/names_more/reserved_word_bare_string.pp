notice(and)
