case [1] {
  {a => 1}: { notice('hash') }
  default: { notice('d') }
}
