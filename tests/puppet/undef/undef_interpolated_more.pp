$u = undef
notice("[${u}]")
notice("[$u]")
notice("list: ${[undef, 1]}")
