type MyInt = Integer[1,5]
notice(3 =~ MyInt)
notice(6 =~ MyInt)
