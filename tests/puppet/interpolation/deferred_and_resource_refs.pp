notice("${File['/tmp/x']} ${Class['main']}")
notice("${[File['/tmp/x']]}")
notice("${Deferred('join', [[1, 2], '-'])}")
