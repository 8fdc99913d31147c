notice(camelcase("foo_bar_baz"))
notice(camelcase(["a_b", "cD_eF"]))
notice(camelcase(12))
