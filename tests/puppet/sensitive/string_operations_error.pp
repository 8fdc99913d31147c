$s = Sensitive('abc')
notice($s.upcase)
