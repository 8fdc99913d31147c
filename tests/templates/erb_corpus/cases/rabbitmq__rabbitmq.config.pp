# ERB corpus case: rabbitmq/templates/rabbitmq.config.erb, with plausible variables.
class corpus_case {
  $admin_enable = 'admin_enable_value'
  $auth_backends = ['auth_backends_a', 'auth_backends_b']
  $cluster_node_type = 'cluster_node_type_value'
  $cluster_nodes = ['cluster_nodes_a', 'cluster_nodes_b']
  $cluster_partition_handling = 'cluster_partition_handling_value'
  $collect_statistics_interval = 'collect_statistics_interval_value'
  $config_additional_variables = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $config_cluster = 'config_cluster_value'
  $config_kernel_variables = ['config_kernel_variables_a', 'config_kernel_variables_b']
  $config_management_variables = ['config_management_variables_a', 'config_management_variables_b']
  $config_ranch = 'config_ranch_value'
  $config_shovel = 'config_shovel_value'
  $config_shovel_statics = ['config_shovel_statics_a', 'config_shovel_statics_b']
  $config_stomp = 'config_stomp_value'
  $default_pass = 'default_pass_value'
  $default_user = 'default_user_value'
  $heartbeat = 'heartbeat_value'
  $interface = 'interface_value'
  $ldap_auth = 'ldap_auth_value'
  $ldap_config_variables = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $ldap_log = 'ldap_log_value'
  $ldap_other_bind = 'ldap_other_bind_value'
  $ldap_port = 'ldap_port_value'
  $ldap_server = 'ldap_server_value'
  $ldap_use_ssl = 'ldap_use_ssl_value'
  $ldap_user_dn_pattern = 'ldap_user_dn_pattern_value'
  $loopback_users = ['loopback_users_a', 'loopback_users_b']
  $management_ip_address = 'management_ip_address_value'
  $management_port = 'management_port_value'
  $management_ssl = 'management_ssl_value'
  $port = 'port_value'
  $ssl = 'ssl_value'
  $ssl_cacert = 'ssl_cacert_value'
  $ssl_cert = 'ssl_cert_value'
  $ssl_cert_password = 'ssl_cert_password_value'
  $ssl_ciphers = ['ssl_ciphers_a', 'ssl_ciphers_b']
  $ssl_depth = 'ssl_depth_value'
  $ssl_dhfile = 'ssl_dhfile_value'
  $ssl_fail_if_no_peer_cert = 'ssl_fail_if_no_peer_cert_value'
  $ssl_honor_cipher_order = 'ssl_honor_cipher_order_value'
  $ssl_interface = 'ssl_interface_value'
  $ssl_key = 'ssl_key_value'
  $ssl_management_fail_if_no_peer_cert = 'ssl_management_fail_if_no_peer_cert_value'
  $ssl_management_port = 'ssl_management_port_value'
  $ssl_management_verify = 'ssl_management_verify_value'
  $ssl_only = 'ssl_only_value'
  $ssl_port = 'ssl_port_value'
  $ssl_reuse_sessions = 'ssl_reuse_sessions_value'
  $ssl_secure_renegotiate = 'ssl_secure_renegotiate_value'
  $ssl_stomp_port = 'ssl_stomp_port_value'
  $ssl_verify = 'ssl_verify_value'
  $ssl_versions = ['ssl_versions_a', 'ssl_versions_b']
  $stomp_port = 'stomp_port_value'
  $stomp_ssl_only = 'stomp_ssl_only_value'
  $tcp_backlog = 'tcp_backlog_value'
  $tcp_keepalive = 'tcp_keepalive_value'
  $tcp_recbuf = 'tcp_recbuf_value'
  $tcp_sndbuf = 'tcp_sndbuf_value'
  notice(template('rabbitmq/rabbitmq.config.erb'))
}
include corpus_case
