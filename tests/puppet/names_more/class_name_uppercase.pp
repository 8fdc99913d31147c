class Foo {}
include foo
