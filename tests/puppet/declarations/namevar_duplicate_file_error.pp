file { '/x': }
file { 'b': path => '/x' }
