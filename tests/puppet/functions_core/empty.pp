notice(empty(''), empty('a'), empty([]), empty({}), empty([1]))
