type Foo = 3
notice(1)
