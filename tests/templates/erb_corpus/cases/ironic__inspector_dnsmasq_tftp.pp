# ERB corpus case: ironic/templates/inspector_dnsmasq_tftp.erb, with plausible variables.
class corpus_case {
  $dhcp_debug = 'dhcp_debug_value'
  $dnsmasq_dhcp_hostsdir = 'dnsmasq_dhcp_hostsdir_value'
  $dnsmasq_dhcp_sequential_ip = 'dnsmasq_dhcp_sequential_ip_value'
  $dnsmasq_interface = 'dnsmasq_interface_value'
  $dnsmasq_ip_subnets_real = ['dnsmasq_ip_subnets_real_a', 'dnsmasq_ip_subnets_real_b']
  $dnsmasq_local_ip = 'dnsmasq_local_ip_value'
  $dnsmasq_log_facility = 'dnsmasq_log_facility_value'
  $enable_ppc64le = 'enable_ppc64le_value'
  $tftp_root_real = 'tftp_root_real_value'
  notice(template('ironic/inspector_dnsmasq_tftp.erb'))
}
include corpus_case
