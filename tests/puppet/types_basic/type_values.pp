notice(Integer, Integer[1, 10], Array[String], Hash[String, Integer])
