case {a => {b => 1, c => 2}} {
  {a => {b => 1}}: { notice('nested partial') }
  default: { notice('d') }
}
