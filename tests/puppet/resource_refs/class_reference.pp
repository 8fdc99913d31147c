class foo { }
notice(Class['foo'])
notice(Class[foo])
notice(Class['Foo::Bar'])
notice(Class)
