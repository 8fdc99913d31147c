if true { type Foo = Integer }
notice(1)
