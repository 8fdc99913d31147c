notice(String(['a', "b'c", "d\te"]))
notice(String(['a', "b'c"], '%s'))
notice(String(['a', ['b']], '%#a'))
