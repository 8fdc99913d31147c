notice(Integer({from => '0x10'}))
notice(Integer({from => '0x1f', radix => 16}))
notice(Integer({from => 12.9}))
notice(Integer.new({from => '11', radix => 2}))
