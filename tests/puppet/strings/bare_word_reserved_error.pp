notice(class)
