$a = ['x', 'y', 'z']
notice(*$a)
notice('a', *$a)
