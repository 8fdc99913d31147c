$foo = [ 'one', 'two', 'three', 'four', 'five' ]
notice( $foo[2] )
notice( $foo[-2] )
notice( $foo[-1] )
notice( $foo[-5] )
