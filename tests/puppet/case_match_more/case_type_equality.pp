case Integer {
  Integer: { notice('same type') }
  default: { notice('no') }
}
