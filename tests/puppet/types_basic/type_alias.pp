type MyInt = Integer[1, 5]
notice(3 =~ MyInt, 7 =~ MyInt, MyInt)
