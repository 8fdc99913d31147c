$v = 'str'
notice($v ? { Integer => 'int', String[1, 2] => 'short', String => 'string' })
