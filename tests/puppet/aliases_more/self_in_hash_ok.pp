type J = Variant[Scalar, Undef, Array[J], Hash[String, J]]
notice({'a' => [1, {'b' => undef}]} =~ J)
notice({1 => 2} =~ J)
