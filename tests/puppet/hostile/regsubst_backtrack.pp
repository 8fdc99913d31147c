notice(regsubst("aaaaaaaaaaaaaaaaaaaaaaaaa", /(a+)+\1b/, "x"))
notice(split("aaaaaaaaaaaaaaaaaaaaaaaaa", /(a+)+\1b/))
