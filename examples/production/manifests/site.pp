# The bundled example environment: `confer puppet compile --environment
# examples/production --facts examples/facts/web1.yaml`.
node /^web\d+\./ {
  class { 'motd': message => "Welcome to ${trusted['certname']}" }
  include webserver
}

node default {
  include motd
}

class webserver(Array[String] $packages = ['nginx', 'curl']) {
  package { $packages: ensure => installed }
  service { 'nginx':
    ensure  => running,
    enable  => true,
    require => Package['nginx'],
  }
  file { '/var/www/index.html':
    ensure  => file,
    content => "${facts['os']['family']} web node\n",
  }
  Package['nginx'] -> File['/var/www/index.html'] ~> Service['nginx']
}
