$osname = 'debian'
case $osname {
  'redhat', 'centos': { notice('rh') }
  'debian', 'ubuntu': { notice('deb') }
  default: { notice('other') }
}
