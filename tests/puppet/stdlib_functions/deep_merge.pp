notice(deep_merge({a => {b => 1, c => 2}}, {a => {b => 9}, d => 1}))
