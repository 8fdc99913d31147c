type C = Object[{attributes => {k => {type => Integer[0, 100], kind => constant, value => 42}, n => {type => String, kind => constant, value => 'n'}}}]
notice(C)
notice(C().k)
