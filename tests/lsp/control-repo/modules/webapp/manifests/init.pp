# @summary A small web application behind nginx.
#
# Installs the package and serves it on one virtual host.
#
# @param server_name
#   The host name the application answers to.
# @param workers How many workers to start.
class webapp (
  Webapp::Name $server_name,
  Integer[1] $workers = 2,
) inherits webapp::params {
  $greeting = webapp::greeting($server_name)
  $shout = webapp::upcase_all([$greeting])
  $legacy = webapp_legacy($workers)
  package { $webapp::params::package:
    ensure => installed,
  }
  webapp::vhost { $server_name:
    port => $webapp::params::port,
  }
  webapp_config { 'workers':
    value => $workers,
  }
  notice($shout, $legacy)
}
