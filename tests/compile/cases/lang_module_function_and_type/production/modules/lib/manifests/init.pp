class lib(Lib::Port $port = 8080) { notify { lib::greet('x'): message => $port } }
