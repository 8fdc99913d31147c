# ERB corpus case: designate/templates/bind9-pools.yaml.erb, with plausible variables.
class corpus_case {
  $bind9_hosts = ['bind9_hosts_a', 'bind9_hosts_b']
  $dns_port = 'dns_port_value'
  $mdns_hosts = ['mdns_hosts_a', 'mdns_hosts_b']
  $mdns_port = 'mdns_port_value'
  $nameservers = ['nameservers_a', 'nameservers_b']
  $ns_records = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $rndc_config_file = 'rndc_config_file_value'
  $rndc_key_file = 'rndc_key_file_value'
  $rndc_port = 'rndc_port_value'
  notice(template('designate/bind9-pools.yaml.erb'))
}
include corpus_case
