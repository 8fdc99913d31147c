class m inherits m::params { file { '/tmp/a': } }
