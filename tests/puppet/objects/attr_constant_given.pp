type C = Object[{attributes => {k => {type => Integer, kind => constant, value => 42}, n => String}}]
notice(C({'n' => 'hi', 'k' => 3}))
