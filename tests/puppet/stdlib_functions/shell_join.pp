notice(shell_join(["a b", "c", "", "d$e", "f/g"]))
