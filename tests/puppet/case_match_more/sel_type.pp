notice('x' ? { Integer => 'int', String[2] => 'long', String => 'str' })
