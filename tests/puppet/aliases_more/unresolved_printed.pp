type Foo = Bar
notice(Foo)
notice(Foo =~ Type)
notice(Integer < Foo)
notice(Foo < Any)
notice(Foo == Foo)
notice(Array[Foo])
