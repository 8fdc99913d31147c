notice($nope)
notice("<$nope2>")
