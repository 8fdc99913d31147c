class foo {} include foo notice(defined(Class['foo']))
