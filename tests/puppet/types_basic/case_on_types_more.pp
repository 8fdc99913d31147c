['a', 1, 2.5, [1], { 'k' => 'v' }, undef, true].each |$v| {
  $kind = case $v {
    String:  { 'String' }
    Integer: { 'Integer' }
    Float:   { 'Float' }
    Array:   { 'Array' }
    Hash:    { 'Hash' }
    Undef:   { 'Undef' }
    default: { 'something else' }
  }
  notice($kind)
}
