notice(pick(undef, ""))
