notice(sprintf('%*d|', 6, 42))
notice(sprintf('%-*d|', 6, 42))
notice(sprintf('%.*f', 2, 3.14159))
notice(sprintf('%*.*s|', 6, 2, 'abcdef'))
