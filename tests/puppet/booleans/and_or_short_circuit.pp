$r1 = false and with(1) |$x| { notice('and: rhs evaluated'); true }
notice("false and ... => ${r1}")
$r2 = true or with(1) |$x| { notice('or: rhs evaluated'); true }
notice("true or ... => ${r2}")
$r3 = true and with(1) |$x| { notice('and: rhs evaluated'); false }
notice("true and ... => ${r3}")
$r4 = false or with(1) |$x| { notice('or: rhs evaluated'); 0 }
notice("false or ... => ${r4}")
