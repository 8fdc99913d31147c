class c { function f() { 1 } }
