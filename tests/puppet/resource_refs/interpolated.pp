notice("ref: ${File['/tmp/x']}")
