type Foo = Variant[Bar, Baz]
notice(Foo)
notice(String(Foo, '%p'))
notice(1 =~ Foo)
