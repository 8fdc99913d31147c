class Foo-bar {}
