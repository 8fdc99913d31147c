notice(pick(undef, "", "a", "b"))
notice(pick_default(undef, "", "dflt"))
notice(pick_default(undef, ""))
notice(pick(false, 1))
