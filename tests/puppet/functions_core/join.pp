notice(join([1, 'a', 2.5]), join(['a', 'b'], ', '), join([1, [2, 3]], '-'))
