# ERB corpus case: redis/templates/redis-sentinel.conf.erb, with plausible variables.
class corpus_case {
  $auth_pass = 'auth_pass_value'
  $client_reconfig_script = 'client_reconfig_script_value'
  $daemonize = 'daemonize_value'
  $down_after = 'down_after_value'
  $failover_timeout = 'failover_timeout_value'
  $log_file = 'log_file_value'
  $master_name = 'master_name_value'
  $notification_script = 'notification_script_value'
  $parallel_sync = 'parallel_sync_value'
  $pid_file = 'pid_file_value'
  $quorum = 'quorum_value'
  $redis_host = 'redis_host_value'
  $redis_port = 'redis_port_value'
  $sentinel_bind = 'sentinel_bind_value'
  $sentinel_port = 'sentinel_port_value'
  $working_dir = 'working_dir_value'
  notice(template('redis/redis-sentinel.conf.erb'))
}
include corpus_case
