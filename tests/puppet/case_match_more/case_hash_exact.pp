case {a => 1, b => 2} {
  {b => 2, a => 1}: { notice('exact') }
  default: { notice('default') }
}
