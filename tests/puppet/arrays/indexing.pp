$foo = [ 'one', 'two', 'three' ]
notice( $foo[1] )
notice( $foo[0] )
$bar = [ 'one', {'second' => 'two', 'third' => 'three'} ]
notice( $bar[1]['third'] )
