notice(File['a'] == File['a'], File['a'] == File['b'], File['a'] == Resource[file, 'a'])
