# ERB corpus case: haproxy/templates/fragments/_bind.erb, with plausible variables.
class corpus_case {
  $bind = ['bind_a', 'bind_b']
  $bind_options = ['bind_options_a', 'bind_options_b']
  $ipaddress = ['ipaddress_a', 'ipaddress_b']
  $ports = ['ports_a', 'ports_b']
  notice(template('haproxy/fragments/_bind.erb'))
}
include corpus_case
