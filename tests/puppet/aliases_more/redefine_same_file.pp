type Foo = Integer
type Foo = String
notice('after')
