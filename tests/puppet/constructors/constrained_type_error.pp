notice(Integer[1, 10]('20'))
