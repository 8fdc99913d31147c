# ERB corpus case: haproxy/templates/haproxy_mailer.erb, with plausible variables.
class corpus_case {
  $ipaddresses = ['ipaddresses_a', 'ipaddresses_b']
  $port = 'port_value'
  $server_names = ['server_names_a', 'server_names_b']
  notice(template('haproxy/haproxy_mailer.erb'))
}
include corpus_case
