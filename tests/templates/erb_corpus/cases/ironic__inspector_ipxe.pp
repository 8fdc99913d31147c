# ERB corpus case: ironic/templates/inspector_ipxe.erb, with plausible variables.
class corpus_case {
  $dnsmasq_local_ip_real = 'dnsmasq_local_ip_real_value'
  $http_port_real = 'http_port_real_value'
  $ipxe_timeout_real = 3
  $kernel_filename = 'kernel_filename_value'
  $ramdisk_collectors = 'ramdisk_collectors_value'
  $ramdisk_filename = 'ramdisk_filename_value'
  $ramdisk_kernel_args = 'ramdisk_kernel_args_value'
  notice(template('ironic/inspector_ipxe.erb'))
}
include corpus_case
