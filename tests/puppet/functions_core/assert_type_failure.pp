assert_type(Array[String, 2], ['a'])
