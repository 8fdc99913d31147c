concat { '/etc/motd': }
concat::fragment { 'a': target => '/etc/motd', content => "x\n", order => '01' }
