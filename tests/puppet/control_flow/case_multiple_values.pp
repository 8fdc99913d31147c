$os = 'debian'
case $os {
  'redhat', 'centos': { notice('rh') }
  'debian', 'ubuntu': { notice('deb') }
  default: { notice('other') }
}
