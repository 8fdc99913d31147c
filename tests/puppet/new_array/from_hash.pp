notice(Array({a => 1, b => 2}))
notice(Array({}))
notice(Array({a => {b => 1}}))
