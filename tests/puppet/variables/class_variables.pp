class a { $v = 'in a' }
include a
notice($a::v)
notice($::a::v)
