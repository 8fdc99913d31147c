stage { 'pre': before => Stage['main'] }
class m::params { $p = 'fromparams' }
class m(String $a = $m::params::p, Optional[String] $u = undef, Hash $h = {'k' => 1.5}) inherits m::params {
  contain m::inner
  tag 'mytag'
  m::d { 'x': }
  @user { 'virt': uid => 5 }
  @@notify { 'exp': }
  User <| title == 'virt' |>
}
class m::inner { notify { 'inner': } }
class early { notify { 'early': } }
define m::d($p1 = 'def1', $p2 = undef, $p3 = [1]) { notify { "d-${title}": message => $p1 } }
node 'web1.example.com', 'other' {
  class { 'early': stage => 'pre' }
  include m
  File { mode => '0600' }
  file { '/etc/a': ensure => file, require => [Package['p1'], Package['p2']], notify => Service['s'] }
  package { ['p1','p2']: }
  service { 's': }
  Package['p1'] ~> Service['s']
}
node default { }
