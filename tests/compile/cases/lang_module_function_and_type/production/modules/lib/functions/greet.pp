function lib::greet(String $n) >> String { "hello ${n}" }
