type Foo = Integer
type Foo = Integer
notice('after')
