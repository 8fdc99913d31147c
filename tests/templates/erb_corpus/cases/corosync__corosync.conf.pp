# ERB corpus case: corosync/templates/corosync.conf.erb, with plausible variables.
class corpus_case {
  $bind_address = ['bind_address_a', 'bind_address_b']
  $clear_node_high_bit = 'clear_node_high_bit_value'
  $cluster_name = 'cluster_name_value'
  $compatibility = 'compatibility_value'
  $consensus = 'consensus_value'
  $debug = 'debug_value'
  $enable_secauth = 'enable_secauth_value'
  $enable_totem_interface = 'enable_totem_interface_value'
  $join = 'join_value'
  $log_file = 'log_file_value'
  $log_file_name = 'log_file_name_value'
  $log_function_name = 'log_function_name_value'
  $log_stderr = 'log_stderr_value'
  $log_timestamp = 'log_timestamp_value'
  $max_messages = 'max_messages_value'
  $multicast_address = 'multicast_address_value'
  $netmtu = 'netmtu_value'
  $port = ['port_a', 'port_b']
  $quorum_members = ['quorum_members_a', 'quorum_members_b']
  $quorum_members_ids = 'quorum_members_ids_value'
  $quorum_members_names = 'quorum_members_names_value'
  $rrp_mode = 'rrp_mode_value'
  $set_votequorum = 'set_votequorum_value'
  $syslog_priority = 'syslog_priority_value'
  $threads = 'threads_value'
  $token = 'token_value'
  $token_retransmits_before_loss_const = 'token_retransmits_before_loss_const_value'
  $ttl = ['ttl_a', 'ttl_b']
  $unicast_addresses = ['unicast_addresses_a', 'unicast_addresses_b']
  $votequorum_expected_votes = 3
  $vsftype = 'vsftype_value'
  notice(template('corosync/corosync.conf.erb'))
}
include corpus_case
