notice(generate("echo", "x"))
