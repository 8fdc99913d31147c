notice(String(['it\'s', "a\tb", "new\nline"]))
