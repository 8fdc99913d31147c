notice(1 =~ Integer, 'a' =~ String[2], [1, 'a'] =~ Array[Variant[Integer, String]], {a => 1} =~ Hash[String, Integer])
