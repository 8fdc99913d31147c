# A database server.
class profile::db (
  Integer[1] $max_connections = 100,
  Array[String[1]] $databases = [],
) {
  class { 'postgresql':
    max_connections => $max_connections,
    databases       => $databases,
  }
}
