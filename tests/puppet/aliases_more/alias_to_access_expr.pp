type Foo = Integer[1]
notice(Foo)
notice(0 =~ Foo)
