$v = 42
case $v {
  String: { notice('string') }
  Integer[0, 10]: { notice('small int') }
  Integer: { notice('int') }
}
case 'Hello' {
  /^h/: { notice('no, case sensitive') }
  /^H(el)/: { notice("H ${1}") }
}
