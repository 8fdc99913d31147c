# An application server: the application's package, its settings and its
# service.
class profile::app (
  String[1] $version,
  Integer[1, 65535] $listen_port = 8000,
) {
  package { 'example-app':
    ensure => $version,
  }
  file { '/etc/example-app.conf':
    ensure  => file,
    content => "listen = ${listen_port}\nversion = ${version}\n",
    require => Package['example-app'],
  }
  service { 'example-app':
    ensure    => running,
    subscribe => [Package['example-app'], File['/etc/example-app.conf']],
  }
}
