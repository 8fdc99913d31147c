# ERB corpus case: designate/templates/agent-pools.yaml.erb, with plausible variables.
class corpus_case {
  $agent_hosts = ['agent_hosts_a', 'agent_hosts_b']
  $dns_port = 'dns_port_value'
  $mdns_hosts = ['mdns_hosts_a', 'mdns_hosts_b']
  $mdns_port = 'mdns_port_value'
  $rndc_config_file = 'rndc_config_file_value'
  $rndc_key_file = 'rndc_key_file_value'
  $rndc_port = 'rndc_port_value'
  notice(template('designate/agent-pools.yaml.erb'))
}
include corpus_case
