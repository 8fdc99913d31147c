# ERB corpus case: apache/templates/mod/cluster.conf.erb, with plausible variables.
class corpus_case {
  $advertise_frequency = 'advertise_frequency_value'
  $allowed_network = 'allowed_network_value'
  $balancer_name = 'balancer_name_value'
  $enable_mcpm_receive = 'enable_mcpm_receive_value'
  $ip = 'ip_value'
  $keep_alive_timeout = 'keep_alive_timeout_value'
  $manager_allowed_network = 'manager_allowed_network_value'
  $max_keep_alive_requests = 'max_keep_alive_requests_value'
  $port = 'port_value'
  $server_advertise = 'server_advertise_value'
  notice(template('apache/mod/cluster.conf.erb'))
}
include corpus_case
