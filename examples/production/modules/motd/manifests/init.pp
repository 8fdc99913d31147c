# Writes /etc/motd.
class motd(String $message = 'Managed by Puppet') {
  file { '/etc/motd':
    ensure  => file,
    mode    => '0644',
    content => "${message}\n",
  }
}
