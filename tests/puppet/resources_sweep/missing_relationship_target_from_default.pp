# A relationship given by a resource default is reported at the default's
# line.
Exec {
  cwd    => '/',
  before => Service['absent'],
}
exec { '/bin/true':
  onlyif => '/bin/true',
}
