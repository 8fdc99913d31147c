@package { 'a': } @package { 'b': tag => 'web' } @package { 'c': }
realize(Package['a'])
Package <| tag == 'web' |>
