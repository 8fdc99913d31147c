class foo {} notice(defined(Type[Class['foo']]))
