notice(type(1), type('s'), type([1, 'a']), type({a => 1}), type([]), type({}), type(Integer[1, 2]))
