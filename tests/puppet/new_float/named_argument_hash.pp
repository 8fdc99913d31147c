notice(Float({from => '2.5'}))
notice(Float({from => 7}))
notice(Float.new({from => '0x1'}))
