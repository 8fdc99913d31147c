$x = function f() { 1 }
