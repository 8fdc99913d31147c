notice(merge({a => 1}, [1]))
