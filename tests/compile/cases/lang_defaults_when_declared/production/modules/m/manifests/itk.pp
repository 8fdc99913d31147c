class m::itk { include m
  include m::noinh
  file { '/tmp/c': }
  m::d { 'x': }
  File { owner => 'root' } }
