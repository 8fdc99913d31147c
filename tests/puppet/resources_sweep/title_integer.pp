notify { ['a', 3]: }
