notify {'a': require => Package['ngnix']}
