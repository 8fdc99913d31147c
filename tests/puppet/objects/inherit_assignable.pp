type Animal = Object[{attributes => {name => String}}]
type Dog = Object[{parent => Animal, attributes => {breed => String}}]
type Puppy = Object[{parent => Dog}]
notice(Animal >= Dog)
notice(Dog >= Animal)
notice(Animal >= Puppy)
notice(Object >= Puppy)
notice(Puppy >= Object)
notice(Dog < Animal)
notice(Puppy('a', 'b') =~ Animal)
