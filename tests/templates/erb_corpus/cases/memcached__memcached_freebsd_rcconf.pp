# ERB corpus case: memcached/templates/memcached_freebsd_rcconf.erb, with plausible variables.
class corpus_case {
  $disable_cachedump = 'disable_cachedump_value'
  $item_size = 'item_size_value'
  $listen_ip = 'listen_ip_value'
  $lock_memory = 'lock_memory_value'
  $logfile = 'logfile_value'
  $max_connections = 'max_connections_value'
  $pidfile = 'pidfile_value'
  $processorcount = 'processorcount_value'
  $service_manage = 'service_manage_value'
  $tcp_port = 'tcp_port_value'
  $udp_port = 'udp_port_value'
  $unix_socket = 'unix_socket_value'
  $unix_socket_mask = 'unix_socket_mask_value'
  $user = 'user_value'
  $verbosity = 'verbosity_value'
  notice(template('memcached/memcached_freebsd_rcconf.erb'))
}
include corpus_case
