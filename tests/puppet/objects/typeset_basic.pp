type Vehicles = TypeSet[{
  pcore_version => '1.0.0',
  version => '1.2.3',
  types => {
    Car => Object[{attributes => {wheels => {type => Integer, value => 4}}}],
    Bike => {attributes => {gears => Integer}},
  }
}]
notice(Vehicles)
