# A web server.
class role::web {
  include profile::base
  include profile::web
}
