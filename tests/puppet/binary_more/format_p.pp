$b = Binary('abc', '%s')
notice(String($b, '%p'))
notice([$b])
notice({k => $b})
