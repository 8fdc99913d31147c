notice(Boolean([]))
