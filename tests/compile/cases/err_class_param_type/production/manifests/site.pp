class t(Integer $n) { } class { 't': n => 'x' }
