type Foo = Integer
node a {}
node a {}
type Foo = String
