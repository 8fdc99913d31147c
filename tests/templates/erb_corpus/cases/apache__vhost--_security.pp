# ERB corpus case: apache/templates/vhost/_security.erb, with plausible variables.
class corpus_case {
  $_modsec_disable_ids = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $_modsec_disable_msgs = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $_modsec_disable_tags = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $modsec_audit_log_destination = 'modsec_audit_log_destination_value'
  $modsec_body_limit = 'modsec_body_limit_value'
  $modsec_disable_ips = ['modsec_disable_ips_a', 'modsec_disable_ips_b']
  $modsec_disable_vhost = 'modsec_disable_vhost_value'
  notice(template('apache/vhost/_security.erb'))
}
include corpus_case
