# ERB corpus case: ironic/templates/inspector_pxelinux_cfg.erb, with plausible variables.
class corpus_case {
  $dnsmasq_local_ip = 'dnsmasq_local_ip_value'
  $kernel_filename = 'kernel_filename_value'
  $ramdisk_collectors = 'ramdisk_collectors_value'
  $ramdisk_filename = 'ramdisk_filename_value'
  $ramdisk_kernel_args = 'ramdisk_kernel_args_value'
  notice(template('ironic/inspector_pxelinux_cfg.erb'))
}
include corpus_case
