notice(chomp("line\n"), chop('abc'), chomp('x'))
