type T = Object[{attributes => {'Bad' => Integer}}]
notice(T(1))
