$h = merge({'a' => 1}, {'b' => 2})
notify { 'm': message => join_keys_to_values($h, '=') }
notify { 'p': message => pick(undef, 'picked') }
notify { 's': message => join(sort(unique(['b','a','b'])), ',') }
