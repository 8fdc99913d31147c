type Base = TypeSet[{
  pcore_version => '1.0.0',
  version => '1.1.0',
  types => { Thing => Object[{attributes => {id => Integer}}] }
}]
type Derived = TypeSet[{
  pcore_version => '1.0.0',
  version => '2.0.0',
  references => { B => { name => 'Base', version_range => '1.x' } },
  types => { Named => B::Thing {attributes => {name => String}} }
}]
notice(Derived::Named(1, 'one'))
notice(Derived::Named)
notice(Derived)
