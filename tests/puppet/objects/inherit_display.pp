type Animal = Object[{attributes => {name => String}}]
type Dog = Animal{attributes => {breed => String}}
notice(Dog)
notice(String(Dog))
notice("${Dog}")
notice(Type[Dog])
notice([Dog, Animal])
