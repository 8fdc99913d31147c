node default {
  include demo
  file { '/tmp/x': ensure => file, content => "hi\n", mode => '0644' }
  package { 'nginx': ensure => installed, before => Service['nginx'] }
  service { 'nginx': ensure => running }
  Package['nginx'] -> File['/tmp/x']
  notify { 'n': message => $facts['os']['family'] }
}
