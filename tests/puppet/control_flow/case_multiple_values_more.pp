$x = 'b'
case $x {
  'a', 'b': { notice('a or b') }
  'c':      { notice('c') }
  default:  { notice('default') }
}
