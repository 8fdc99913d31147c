service {'nginx': ensure => runing}
