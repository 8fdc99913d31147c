type Foo = Struct[{a => Missing}]
notice({a => 1} =~ Foo)
