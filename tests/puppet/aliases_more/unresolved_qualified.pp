type Foo = Mod::Missing
notice(1 =~ Foo)
