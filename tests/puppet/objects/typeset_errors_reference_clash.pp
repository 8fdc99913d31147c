type S = TypeSet[{
  pcore_version => '1.0.0',
  types => { Car => Object[{}] },
  references => { Car => { name => 'Other', version_range => '1.x' } }
}]
notice(S)
