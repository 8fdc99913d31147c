class foo {} notice(defined(Class['foo']))
