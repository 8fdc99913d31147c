notice([])
notice([1, 2, 3])
notice(['one', 'two', 'three'])
notice([1, 'a', 1.5, true, undef, default])
