notice(parseyaml('[1, 2'))
