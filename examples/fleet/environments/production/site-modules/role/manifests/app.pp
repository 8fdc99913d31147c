# An application server behind the web servers.
class role::app {
  include profile::base
  include profile::app
}
