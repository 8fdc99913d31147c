notice(Hash([a, 1, b, 2]), Hash([[a, 1]]), Hash([]), Hash({x => 1}))
