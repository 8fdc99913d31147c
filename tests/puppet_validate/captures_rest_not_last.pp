function f(*$a, $b) { 1 }
