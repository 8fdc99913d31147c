$s = "caf\u{e9}"
notice("${s} ${[$s]} \u{263A}")
notice("tab\there ${"nested ${s}"}")
