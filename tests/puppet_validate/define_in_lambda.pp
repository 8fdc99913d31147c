[1].each |$x| { define d() {} }
