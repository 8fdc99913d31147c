class a::b { $v = 'ab' }
include a::b
notice($a::b::v)
