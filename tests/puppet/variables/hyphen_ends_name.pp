$a = 'x'
notice("$a-b")
