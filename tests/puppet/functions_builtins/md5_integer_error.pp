notice(md5(42))
