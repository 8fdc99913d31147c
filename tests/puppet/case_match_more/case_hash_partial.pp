case {a => 1, b => 2} {
  {a => 1}: { notice('partial') }
  default: { notice('default') }
}
