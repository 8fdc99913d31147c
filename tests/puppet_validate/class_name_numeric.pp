class 123 {}
