# ERB corpus case: memcached/templates/memcached_svcprop.erb, with plausible variables.
class corpus_case {
  $auto_removal = 'auto_removal_value'
  $disable_cachedump = 'disable_cachedump_value'
  $extended_opts = ['extended_opts_a', 'extended_opts_b']
  $factor = 'factor_value'
  $large_mem_pages = 'large_mem_pages_value'
  $listen_ip = 'listen_ip_value'
  $lock_memory = 'lock_memory_value'
  $max_connections = 'max_connections_value'
  $max_item_size = 'max_item_size_value'
  $max_memory = 'max_memory_value'
  $min_item_size = 'min_item_size_value'
  $processorcount = 'processorcount_value'
  $tcp_port = 'tcp_port_value'
  $udp_port = 'udp_port_value'
  $unix_socket = 'unix_socket_value'
  $unix_socket_mask = 'unix_socket_mask_value'
  $use_sasl = 'use_sasl_value'
  $user = 'user_value'
  $verbosity = 'verbosity_value'
  notice(template('memcached/memcached_svcprop.erb'))
}
include corpus_case
