type Derived = TypeSet[{
  pcore_version => '1.0.0',
  references => { B => { name => 'Nowhere', version_range => '1.x' } },
  types => { Named => Object[{attributes => {name => String}}] }
}]
notice(Derived::Named('x'))
