notice(Foo-Bar)
