notice('before')
type Foo = Foo
notice('after')
