notice(sort([3, 1, 2]), sort(['b', 'B', 'a']), sort('cba'))
