notice(File, Package, Foo::Bar)
