notice([1, 2, 3].unique |$x| { $x % 2 })
