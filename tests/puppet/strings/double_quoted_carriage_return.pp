notice(size("a\rb"))
notice("a\r\nb" == "a\r\nb")
