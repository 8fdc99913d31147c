define demo::thing($val) {
  file { "/tmp/${title}": content => $val, tag => ['extra'] }
}
