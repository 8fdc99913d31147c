$os_name = 'Fedora'
$packages = $os_name ? {
  /(?i-mx:ubuntu|debian)/        => 'apache2',
  /(?i-mx:centos|fedora|redhat)/ => 'httpd',
}
notice($packages)
