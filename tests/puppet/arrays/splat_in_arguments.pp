$args = ['a', 'b']
notice(*$args)
