vs_bridge { 'br-ex': ensure => present }
