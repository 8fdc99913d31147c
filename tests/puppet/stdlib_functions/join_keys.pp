notice(join_keys_to_values({a => 1, b => [2, 3], c => undef}, "="))
notice(prefix(["a", "b"], "p-"))
notice(suffix({a => 1}, ".x"))
notice(prefix(["a"]))
