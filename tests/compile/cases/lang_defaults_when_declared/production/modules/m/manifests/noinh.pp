class m::noinh { file { '/tmp/b': } }
