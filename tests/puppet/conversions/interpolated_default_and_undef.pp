$d = default
$u = undef
notice("[${d}] [${u}]")
