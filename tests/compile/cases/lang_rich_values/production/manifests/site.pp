notify { 'rich':
  message => {
    'bin' => Binary('aGVsbG8='), 'type' => Integer[1,2], 're' => /a.b/, 'ts' => Timestamp('2020-01-01T00:00:00Z'),
    'span' => Timespan(90), 'ver' => SemVer('1.2.3'), 'range' => SemVerRange('>=1.0'), 'undef' => undef, 'arr' => [1, undef, default],
    1 => 'intkey', 'float' => 2.50, 'big' => 1e20, 'uri' => URI('http://a/b'), 'ref' => Notify['x'], 'cls' => Class['foo'],
    'nested' => {'d' => default}, 'emptystr' => '', 'bool' => false,
  },
}
notify { 'x': }
