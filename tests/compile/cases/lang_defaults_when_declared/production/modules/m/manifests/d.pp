define m::d { file { "/tmp/d${title}": } }
