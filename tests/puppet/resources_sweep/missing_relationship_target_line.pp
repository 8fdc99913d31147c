# A missing relationship target is reported at the line its parameter was
# set on, not the resource's.
exec { '/bin/true':
  onlyif  => '/bin/true',
  require => Package['absent'],
}
