notice(Foo::_bar)
