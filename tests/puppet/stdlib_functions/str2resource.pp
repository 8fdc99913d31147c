notify { 'first': }
file { '/tmp/confer-never-applied': ensure => absent, noop => true }
notice(stdlib::str2resource('Notify[first]'))
notice(stdlib::str2resource('file[/tmp/confer-never-applied]'))
