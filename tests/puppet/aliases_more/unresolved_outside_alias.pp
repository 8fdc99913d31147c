notice(1 =~ Array[Bar])
