# One local user with its home directory and primary group.
define accounts::user (
  Integer $uid,
  Array[String] $groups = [],
  Enum['present', 'absent'] $ensure = 'present',
  String $shell = '/bin/bash',
) {
  group { $title:
    ensure => $ensure,
    gid    => $uid,
  }
  user { $title:
    ensure     => $ensure,
    uid        => $uid,
    gid        => $uid,
    groups     => $groups,
    shell      => $shell,
    home       => "/home/${title}",
    managehome => true,
    require    => Group[$title],
  }
}
