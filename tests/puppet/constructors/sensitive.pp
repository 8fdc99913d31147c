$s = Sensitive.new('pw')
notice($s, Sensitive[String]('x'))
