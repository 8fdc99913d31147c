notice(size('héllo'))
notice('héllo'[1])
notice('日本語'[-1])
