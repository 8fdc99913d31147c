notice(Array[String]([1]))
