$v = 42
case $v {
  String:        { notice('string') }
  Integer[0, 9]: { notice('small int') }
  Integer:       { notice('int') }
  default:       { notice('other') }
}
