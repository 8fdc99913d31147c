type S = TypeSet[{
  pcore_version => '1.0.0',
  references => {
    A => { name => 'Other', version_range => '1.x' },
    B => { name => 'Other', version_range => '2.x' },
  }
}]
notice(S)
