# ERB corpus case: designate/templates/pdns4-pools.yaml.erb, with plausible variables.
class corpus_case {
  $api_endpoint = 'api_endpoint_value'
  $api_token = 'api_token_value'
  $dns_port = 'dns_port_value'
  $mdns_hosts = ['mdns_hosts_a', 'mdns_hosts_b']
  $mdns_port = 'mdns_port_value'
  $pdns4_hosts = ['pdns4_hosts_a', 'pdns4_hosts_b']
  $tsigkey_name = 'tsigkey_name_value'
  notice(template('designate/pdns4-pools.yaml.erb'))
}
include corpus_case
