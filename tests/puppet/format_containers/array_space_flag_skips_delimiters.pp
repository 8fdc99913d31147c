notice(String([1, 2, 3], '% a'))
notice(String([1, [2, 3]], '% a'))
notice(String(['x'], '% s'))
notice(String([], '% a'))
