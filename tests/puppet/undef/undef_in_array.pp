notice([undef])
notice([1, undef, 2])
