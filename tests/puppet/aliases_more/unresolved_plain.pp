notice('before')
type Foo = Bar
notice('after')
