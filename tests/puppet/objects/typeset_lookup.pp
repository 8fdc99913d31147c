type Vehicles = TypeSet[{
  pcore_version => '1.0.0',
  version => '1.0.0',
  types => {
    Car => Object[{attributes => {make => String}}],
    Truck => Car {attributes => {load => Integer}},
  }
}]
notice(Vehicles::Car)
notice(Vehicles::Truck('volvo', 10))
notice(Vehicles::Truck('volvo', 10) =~ Vehicles::Car)
notice(Vehicles::Car.new('saab').make)
