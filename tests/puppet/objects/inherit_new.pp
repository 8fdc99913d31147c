type Animal = Object[{attributes => {name => String}}]
type Dog = Object[{parent => Animal, attributes => {breed => String}}]
$d = Dog('rex', 'collie')
notice($d)
notice($d.name)
notice($d.breed)
notice(Dog({'breed' => 'pug', 'name' => 'bo'}))
notice($d =~ Animal)
notice(Animal('cat') =~ Dog)
