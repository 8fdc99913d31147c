# ERB corpus case: dns/templates/named.view_header.erb, with plausible variables.
class corpus_case {
  $allow_query = ['allow_query_a', 'allow_query_b']
  $allow_query_cache = ['allow_query_cache_a', 'allow_query_cache_b']
  $allow_recursion = ['allow_recursion_a', 'allow_recursion_b']
  $allow_transfer = ['allow_transfer_a', 'allow_transfer_b']
  $also_notify = ['also_notify_a', 'also_notify_b']
  $dns_notify = 'dns_notify_value'
  $dnssec_enable = 'dnssec_enable_value'
  $dnssec_validation = 'dnssec_validation_value'
  $forward = 'forward_value'
  $forwarders = ['forwarders_a', 'forwarders_b']
  $include_defaultzones = 'include_defaultzones_value'
  $include_localzones = 'include_localzones_value'
  $match_clients = ['match_clients_a', 'match_clients_b']
  $match_destinations = ['match_destinations_a', 'match_destinations_b']
  $match_recursive_only = 'match_recursive_only_value'
  $recursion = 'recursion_value'
  notice(template('dns/named.view_header.erb'))
}
include corpus_case
