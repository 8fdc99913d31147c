notice("\u263A")
notice("\u{1F600}")
notice("\u{41}\u{0042}")
notice(size("\u{1F600}"))
