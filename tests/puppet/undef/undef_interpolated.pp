$u = undef
notice("<${u}>")
