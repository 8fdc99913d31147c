type E = Object[{attributes => {a => Integer, c => {type => Integer, kind => constant, value => 1}}, equality => ['c']}]
notice(E(1))
