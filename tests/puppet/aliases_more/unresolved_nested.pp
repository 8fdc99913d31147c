type Foo = Array[Hash[String, Bar]]
notice([] =~ Foo)
