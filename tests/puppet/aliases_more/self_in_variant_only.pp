type Foo = Variant[Foo, Foo]
notice(1 =~ Foo)
