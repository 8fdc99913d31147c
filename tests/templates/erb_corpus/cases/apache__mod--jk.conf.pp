# ERB corpus case: apache/templates/mod/jk.conf.erb, with plausible variables.
class corpus_case {
  $auth_type_indicator = 'auth_type_indicator_value'
  $auto_alias = 'auto_alias_value'
  $certchain_prefix = 'certchain_prefix_value'
  $certs_indicator = 'certs_indicator_value'
  $cipher_indicator = 'cipher_indicator_value'
  $env_var = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $extract_ssl = 'extract_ssl_value'
  $https_indicator = 'https_indicator_value'
  $ignore_cl_indicator = 'ignore_cl_indicator_value'
  $keysize_indicator = 'keysize_indicator_value'
  $local_addr_indicator = 'local_addr_indicator_value'
  $local_name_indicator = 'local_name_indicator_value'
  $local_port_indicator = 'local_port_indicator_value'
  $location_list = ['location_list_a', 'location_list_b']
  $log_level = 'log_level_value'
  $log_path = 'log_path_value'
  $log_stamp_format = 'log_stamp_format_value'
  $mount = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $mount_copy = 'mount_copy_value'
  $mount_file = 'mount_file_value'
  $mount_file_reload = 'mount_file_reload_value'
  $options = ['options_a', 'options_b']
  $remote_addr_indicator = 'remote_addr_indicator_value'
  $remote_host_indicator = 'remote_host_indicator_value'
  $remote_port_indicator = 'remote_port_indicator_value'
  $remote_user_indicator = 'remote_user_indicator_value'
  $request_log_format = 'request_log_format_value'
  $session_indicator = 'session_indicator_value'
  $shm_path = 'shm_path_value'
  $shm_size = 'shm_size_value'
  $sslprotocol_indicator = 'sslprotocol_indicator_value'
  $strip_session = 'strip_session_value'
  $un_mount = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $watchdog_interval = 'watchdog_interval_value'
  $worker_indicator = 'worker_indicator_value'
  $worker_property = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $workers_file = 'workers_file_value'
  notice(template('apache/mod/jk.conf.erb'))
}
include corpus_case
