notice(String(10, default))
notice(String([1, 'a'], default))
notice(String({a => 1}, default))
