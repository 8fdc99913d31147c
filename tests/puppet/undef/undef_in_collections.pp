notice([undef])
notice([1, undef, 'a'])
notice({ 'a' => undef })
notice({ undef => 1 })
