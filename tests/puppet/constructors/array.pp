notice(Array({a => 1}), Array(3, true), Array([1]), Array('ab'), Array({}))
