# The PostgreSQL server with its databases.
class postgresql (
  Integer[1] $max_connections = 100,
  Array[String[1]] $databases = [],
) {
  package { 'postgresql':
    ensure => installed,
  }
  file { '/etc/postgresql/postgresql.conf':
    ensure  => file,
    owner   => 'postgres',
    content => template('postgresql/postgresql.conf.erb'),
    require => Package['postgresql'],
    notify  => Service['postgresql'],
  }
  service { 'postgresql':
    ensure => running,
    enable => true,
  }
  $databases.each |$db| {
    exec { "createdb ${db}":
      command => "/usr/bin/createdb ${db}",
      unless  => "/usr/bin/psql -lqt | /usr/bin/cut -d '|' -f 1 | /bin/grep -qw ${db}",
      user    => 'postgres',
      require => Service['postgresql'],
    }
  }
}
