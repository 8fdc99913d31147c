notice(join_keys_to_values([1], "="))
