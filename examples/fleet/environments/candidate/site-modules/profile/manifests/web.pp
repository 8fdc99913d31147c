# A web server: nginx and its sites.
class profile::web (
  Hash[String[1], Hash] $sites = {},
) {
  include nginx
  file { '/etc/nginx/conf.d/gzip.conf':
    ensure  => file,
    content => "gzip on;\n",
    notify  => Service['nginx'],
  }
  $sites.each |$name, $site| {
    nginx::site { $name:
      port => $site['port'],
      root => $site['root'],
    }
  }
}
