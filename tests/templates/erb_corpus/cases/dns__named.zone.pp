# ERB corpus case: dns/templates/named.zone.erb, with plausible variables.
class corpus_case {
  $_dns_notify = '_dns_notify_value'
  $allow_query = ['allow_query_a', 'allow_query_b']
  $allow_transfer = ['allow_transfer_a', 'allow_transfer_b']
  $also_notify = ['also_notify_a', 'also_notify_b']
  $forward = 'forward_value'
  $forwarders = ['forwarders_a', 'forwarders_b']
  $manage_file = 'manage_file_value'
  $manage_file_name = 'manage_file_name_value'
  $masters = ['masters_a', 'masters_b']
  $update_policy_rules = ['update_policy_rules_a', 'update_policy_rules_b']
  $zone = 'zone_value'
  $zonefilename = 'zonefilename_value'
  $zonetype = 'zonetype_value'
  notice(template('dns/named.zone.erb'))
}
include corpus_case
