type T = T
notice(1 =~ T)
