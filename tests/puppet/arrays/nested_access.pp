$foo = ['one', {'second' => 'two', 'third' => 'three'}]
notice($foo[1]['third'])
