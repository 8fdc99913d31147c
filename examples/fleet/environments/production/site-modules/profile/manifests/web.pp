# A web server: nginx and its sites.
class profile::web (
  Hash[String[1], Hash] $sites = {},
) {
  include nginx
  $sites.each |$name, $site| {
    nginx::site { $name:
      port => $site['port'],
      root => $site['root'],
    }
  }
}
