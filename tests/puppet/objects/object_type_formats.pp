type P = Object[{attributes => {x => Integer}}]
notice(String(P, '%p'))
notice(String(P, '%s'))
notice("${P}")
notice(Optional[P])
notice(Array[P])
notice(Variant[P, Integer])
