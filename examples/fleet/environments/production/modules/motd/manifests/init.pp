# The message of the day, naming the node and its role.
class motd (
  String $message,
  String $role = 'base',
) {
  file { '/etc/motd':
    ensure  => file,
    mode    => '0644',
    content => epp('motd/motd.epp', {
      'message' => $message,
      'role'    => $role,
      'fqdn'    => $facts['networking']['fqdn'],
    }),
  }
}
