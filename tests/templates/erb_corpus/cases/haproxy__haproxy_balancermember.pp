# ERB corpus case: haproxy/templates/haproxy_balancermember.erb, with plausible variables.
class corpus_case {
  $define_cookies = 'define_cookies_value'
  $ipaddresses = ['ipaddresses_a', 'ipaddresses_b']
  $options = ['options_a', 'options_b']
  $ports = ['ports_a', 'ports_b']
  $server_names = ['server_names_a', 'server_names_b']
  $verifyhost = 'verifyhost_value'
  $weight = 'weight_value'
  notice(template('haproxy/haproxy_balancermember.erb'))
}
include corpus_case
