notice(String("caf\u{e9}", '%p'))
notice(String("\u{1F600}", '%p'))
notice(String("a\u{a0}b", '%p'))
notice(String("z\u{200b}w", '%p'))
