vcsrepo { '/srv/x': ensure => present, provider => git, source => 'https://example.com/x.git' }
