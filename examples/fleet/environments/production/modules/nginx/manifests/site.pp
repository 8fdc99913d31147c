# A virtual host.
define nginx::site (
  Integer[1, 65535] $port = 80,
  Nginx::Path $root = "/srv/${title}",
) {
  include nginx
  file { "/etc/nginx/sites-enabled/${title}":
    ensure  => file,
    content => epp('nginx/site.epp', { 'name' => $title, 'port' => $port, 'root' => $root }),
    notify  => Service['nginx'],
  }
  file { $root:
    ensure => directory,
    owner  => 'www-data',
  }
}
