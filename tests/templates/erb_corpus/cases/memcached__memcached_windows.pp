# ERB corpus case: memcached/templates/memcached_windows.erb, with plausible variables.
class corpus_case {
  $disable_cachedump = 'disable_cachedump_value'
  $extended_opts = ['extended_opts_a', 'extended_opts_b']
  $factor = 'factor_value'
  $listen_ip = 'listen_ip_value'
  $lock_memory = 'lock_memory_value'
  $logfile = 'logfile_value'
  $max_connections = 'max_connections_value'
  $max_item_size = 'max_item_size_value'
  $min_item_size = 'min_item_size_value'
  $processorcount = 'processorcount_value'
  $tcp_port = 'tcp_port_value'
  $udp_port = 'udp_port_value'
  $verbosity = 'verbosity_value'
  notice(template('memcached/memcached_windows.erb'))
}
include corpus_case
