type Runtimes = Runtime
type Foo = Bar
