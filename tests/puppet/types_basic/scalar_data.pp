notice(1 =~ Scalar, [1] =~ Scalar, 1 =~ Data, {'a' => [1]} =~ Data, {1 => 1} =~ Data)
