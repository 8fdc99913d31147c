type Foo = 'Integer'
notice(1)
