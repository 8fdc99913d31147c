notice(sha1())
