node default {
  include profile::base
  $m = lookup('message')
  $u = lookup('users', Hash, 'deep', {})
  $p = lookup({ 'name' => 'no_such_key', 'default_value' => 'dflt' })
  $n = lookup('no_such_key') |$k| { "lambda ${k}" }
  notify { "message: ${m}": }
  notify { "users: ${u.keys.join(',')}": }
  $o = lookup('message', { 'override' => { 'message' => 'over' } })
  $dv = lookup('nope', { 'default_values_hash' => { 'nope' => 'dv' } })
  notify { "defaults: ${p} ${n}": }
  notify { "options: ${o} ${dv}": }
  notify { "hiera: ${hiera('message')} ${hiera_array('packages')} ${hiera_hash('sysctl')}": }
}
