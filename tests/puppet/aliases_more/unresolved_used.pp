type Foo = Bar
notice(1 =~ Foo)
