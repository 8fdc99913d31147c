type Vehicles = TypeSet[{
  pcore_version => '1.0.0',
  types => { Car => Object[{attributes => {make => String}}] }
}]
notice(Vehicles::Plane)
