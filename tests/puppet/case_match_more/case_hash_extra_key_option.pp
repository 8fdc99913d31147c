case {a => 1} {
  {a => 1, b => 2}: { notice('no') }
  default: { notice('default') }
}
