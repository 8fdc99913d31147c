# What every node has: time, remote access, accounts, the message of the
# day and a few packages.
class profile::base (
  String $timezone,
  Array[String[1]] $packages = [],
) {
  $role = $facts['role'] ? {
    undef   => 'base',
    default => $facts['role'],
  }
  include ntp
  include ssh
  include accounts
  class { 'motd':
    role => $role,
  }
  package { $packages:
    ensure => installed,
  }
  file { '/etc/timezone':
    ensure  => file,
    content => "${timezone}\n",
  }
}
