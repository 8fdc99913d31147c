# Values Ruby code hands over that Puppet keeps as Ruby objects: the
# resource stdlib::str2resource finds (shown as File[/srv/a], following
# relationships as its reference does) and the Symbols parseyaml reads.
file { '/srv/a': ensure => directory }
notify { 'after': }
$found = stdlib::str2resource('File[/srv/a]')
$found -> Notify['after']
notify { 'shown':
  message => "${found} is ${type($found)}",
  require => $found,
}
$data = parseyaml("- :plain\n- ':quoted'\n- :\"with space\"\n- plain\n")
notify { 'symbols':
  message => [$data, $data.map |$x| { type($x, 'generalized') }, $data[0] == 'plain', $data[0] == $data[0]],
}
notify { "title-${data[0]}": }
