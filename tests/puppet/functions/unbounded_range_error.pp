Integer[0, default].each |$x| { }
