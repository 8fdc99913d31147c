notice(String("a\tb", '%s'))
notice(String("tab\there", '%#s'))
notice(String("line1\nline2", '%p'))
