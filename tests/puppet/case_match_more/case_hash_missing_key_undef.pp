case {a => 1} {
  {b => undef}: { notice('missing is undef') }
  default: { notice('d') }
}
