type Foo = Optional[Foo]
notice(1 =~ Foo)
