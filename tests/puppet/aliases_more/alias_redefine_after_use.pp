type Foo = Integer
notice(1 =~ Foo)
type Foo = String
