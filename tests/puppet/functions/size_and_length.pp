notice(size('abc'))
notice(size([1, 2]))
notice(size({ 'a' => 1 }))
notice(length('héllo'))
