type Foo = Foo
