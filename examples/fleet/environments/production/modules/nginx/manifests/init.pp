# The nginx web server; sites are `nginx::site` resources.
class nginx (
  Integer[1] $worker_processes = 1,
) {
  package { 'nginx':
    ensure => installed,
  }
  file { '/etc/nginx/nginx.conf':
    ensure  => file,
    content => template('nginx/nginx.conf.erb'),
    require => Package['nginx'],
  }
  service { 'nginx':
    ensure    => running,
    enable    => true,
    subscribe => File['/etc/nginx/nginx.conf'],
  }
}
