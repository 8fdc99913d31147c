type Foo = Integer
type FOO = String
notice(1)
