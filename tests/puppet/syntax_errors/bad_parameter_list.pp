function f(1) { }
