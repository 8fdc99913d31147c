class hprofile (
  Array[String] $packages,
  String $motd,
  Hash $users,
  String $service,
  Integer $port = 1,
) {
  package { $packages: ensure => installed }
  file { '/etc/motd': content => "${motd}\n" }
  $users.each |$name, $u| {
    user { $name: uid => $u['uid'] }
  }
  service { $service: ensure => running }
  notify { "port ${port}": }
}
