# Functions whose answers depend on the node: its name seeds the draws,
# its legacy network facts answer the interface questions.
node default {
  $draws = {
    'fqdn_rand'          => fqdn_rand(1000),
    'fqdn_rand_seeded'   => fqdn_rand(1000, 'seed'),
    'fqdn_rand_string'   => fqdn_rand_string(12),
    'fqdn_rand_charset'  => fqdn_rand_string(8, 'xyz', 'extra', 'seeds'),
    'fqdn_rotate_array'  => fqdn_rotate(['a', 'b', 'c', 'd', 'e']),
    'fqdn_rotate_string' => fqdn_rotate('abcdefgh'),
    'fqdn_rotate_seeded' => fqdn_rotate([1, 2, 3, 4, 5, 6, 7], 'seed', ['x', 'y']),
    'fqdn_uuid'          => fqdn_uuid($facts['networking']['fqdn']),
    'interface_lo'       => has_interface_with('lo'),
    'interface_wlan9'    => has_interface_with('wlan9'),
    'ipaddress'          => has_interface_with('ipaddress', $facts['networking']['ip']),
    'ipaddress_other'    => has_interface_with('ipaddress', '203.0.113.9'),
    'has_ip_address'     => has_ip_address($facts['networking']['ip']),
    'has_ip_network'     => has_ip_network($facts['networking']['network']),
    'has_ip_network_no'  => has_ip_network('10.99.0.0'),
  }
  $draws.each |$name, $value| {
    notify { $name: message => String($value) }
  }
}
