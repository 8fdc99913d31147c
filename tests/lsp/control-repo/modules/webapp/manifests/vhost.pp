# @summary One virtual host of the application.
# @param port The port it listens on.
# @param docroot Where its files are.
define webapp::vhost (
  Integer[1, 65535] $port,
  String $docroot = "/srv/${title}",
) {
  include nginx
  nginx::site { $title:
    port => $port,
  }
}
