type P = Object[{attributes => {x => Integer}}]
type Q = Object[{attributes => {x => Integer}}]
$v = Q(4)
case $v {
  P: { notice('p') }
  Q: { notice('q') }
  default: { notice('other') }
}
notice($v ? { P => 'p', default => 'not p' })
