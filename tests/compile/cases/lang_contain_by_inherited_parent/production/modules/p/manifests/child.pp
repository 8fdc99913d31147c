class p::child inherits p {
  file { '/tmp/p-child': ensure => file }
}
