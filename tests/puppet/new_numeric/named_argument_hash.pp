notice(Numeric({from => '12'}))
notice(Numeric({from => '1.5'}))
notice(Numeric.new({from => true}))
