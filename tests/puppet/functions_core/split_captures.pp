notice(split('a-b_c', /([-_])/))
