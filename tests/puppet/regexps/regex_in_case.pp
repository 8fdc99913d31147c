$os_name = 'CentOS'
case $os_name {
  /(?i:ubuntu|debian)/: { notice('debian family') }
  /(?i:centos|redhat)/: { notice('redhat family') }
  default:              { notice('other') }
}
