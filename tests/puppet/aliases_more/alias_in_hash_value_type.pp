type V = Hash[String, Integer]
notice({a => 1} =~ V)
notice({a => 'x'} =~ V)
