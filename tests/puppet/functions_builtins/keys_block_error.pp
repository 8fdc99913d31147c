notice(keys({}) |$x| { 1 })
