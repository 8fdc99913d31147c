notice(default < 1)
