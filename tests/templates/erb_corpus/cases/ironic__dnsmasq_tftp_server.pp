# ERB corpus case: ironic/templates/dnsmasq_tftp_server.erb, with plausible variables.
class corpus_case {
  $dnsmasq_log_facility = 'dnsmasq_log_facility_value'
  $tftp_bind_host = 'tftp_bind_host_value'
  $tftp_root_real = 'tftp_root_real_value'
  notice(template('ironic/dnsmasq_tftp_server.erb'))
}
include corpus_case
