notice(shellquote("plain", "with space", "a$b", "it's", "both'$", ["x", ["y z"]], ""))
