# The OpenSSH server.
class ssh (
  Enum['yes', 'no', 'prohibit-password'] $permit_root_login = 'no',
  Integer[1, 65535] $port = 22,
  String[1] $service_name = 'sshd',
  Array[String[1]] $allow_groups = [],
) {
  package { 'openssh-server':
    ensure => installed,
  }
  file { '/etc/ssh/sshd_config':
    ensure  => file,
    mode    => '0600',
    content => epp('ssh/sshd_config.epp', {
      'port'              => $port,
      'permit_root_login' => $permit_root_login,
      'allow_groups'      => $allow_groups,
    }),
    require => Package['openssh-server'],
    notify  => Service[$service_name],
  }
  service { $service_name:
    ensure => running,
    enable => true,
  }
}
