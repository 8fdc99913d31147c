notice("ref: ${File['/tmp']}")
$r = File['/tmp']
notice("ref: $r")
