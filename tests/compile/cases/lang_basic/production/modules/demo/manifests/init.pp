class demo(String $x = 'a', Array $list = [1,2]) {
  demo::thing { 'one': val => $x }
  exec { 'foo': command => '/bin/true', refreshonly => true }
}
