type Foo = 3
