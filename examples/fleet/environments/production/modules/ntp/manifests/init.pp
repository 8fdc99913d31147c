# The NTP daemon: its package, configuration and service.
class ntp (
  Array[String[1]] $servers,
  String[1] $package_name = 'ntp',
  Boolean $service_enable = true,
) {
  package { $package_name:
    ensure => installed,
  }
  file { '/etc/ntp.conf':
    ensure  => file,
    owner   => 'root',
    group   => 'root',
    mode    => '0644',
    content => template('ntp/ntp.conf.erb'),
    require => Package[$package_name],
  }
  service { 'ntp':
    ensure    => running,
    enable    => $service_enable,
    subscribe => File['/etc/ntp.conf'],
  }
}
