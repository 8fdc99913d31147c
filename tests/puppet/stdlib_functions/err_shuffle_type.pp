notice(shuffle(5))
