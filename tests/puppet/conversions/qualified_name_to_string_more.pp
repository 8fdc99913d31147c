notice(foo::bar)
notice(foo::bar == 'foo::bar')
notice([foo::bar, baz])
