notice(String({a => [1, 2], b => {c => 3}}, '%#10h'))
notice(String([{a => 1}, [1, 2, 3]], '%#5a'))
notice(String([[1, 2, 3], [4]], '%#6a'))
