notice([ 'one', 'two', 'three', ])
notice([1,])
notice([ 'one', 'two', 'three' ] == [ 'one', 'two', 'three', ])
