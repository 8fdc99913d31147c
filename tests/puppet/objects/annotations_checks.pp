type A = Object[{attributes => {a => {type => Integer, annotations => {}}}, checks => 'x'}]
notice(A)
