ini_setting { 'x': ensure => present, path => '/tmp/a.ini', section => 's', setting => 'k', value => 'v' }
