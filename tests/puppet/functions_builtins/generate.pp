notice(generate("/bin/echo", "hello", "world"))
