notice(Integer('0xFF'), Integer('0xFF', 16), Integer('010'), Integer('010', 10), Integer(true), Integer(3.9), Integer(-3.9), Integer('-0x10'), Integer({from => '10', radix => 2}))
