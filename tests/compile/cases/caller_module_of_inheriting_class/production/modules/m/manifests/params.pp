class m::params {
  $x = 1
}
