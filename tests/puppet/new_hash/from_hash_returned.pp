notice(Hash({a => 1}))
notice(Hash({}))
