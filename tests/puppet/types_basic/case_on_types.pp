['a', 1, 1.5, [1], {}].each |$v| {
  $t = case $v { String: { 's' } Integer: { 'i' } Float: { 'f' } Array: { 'a' } default: { 'other' } }
  notice($t)
}
