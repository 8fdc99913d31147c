$v = [1, 2]
case $v {
  [1]:    { notice('one') }
  [1, 2]: { notice('array equal') }
  default: { notice('default') }
}
case 2 {
  [1, 2, 3]: { notice('value in array option') }
  default:   { notice('default') }
}
case 2 {
  *[1, 2, 3]: { notice('splat options') }
  default:    { notice('default') }
}
