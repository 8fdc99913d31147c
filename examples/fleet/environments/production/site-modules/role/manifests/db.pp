# A database server.
class role::db {
  include profile::base
  include profile::db
}
