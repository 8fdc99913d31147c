notice(URI('/relative/path') + 'x')
