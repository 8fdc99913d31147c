notice(Boolean(' true'))
