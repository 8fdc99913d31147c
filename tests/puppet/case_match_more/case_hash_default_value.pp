case {a => 1} {
  {a => default}: { notice('any a') }
  default: { notice('default') }
}
