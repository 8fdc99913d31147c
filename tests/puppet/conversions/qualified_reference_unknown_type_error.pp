notice("${Foo::Bar}")
