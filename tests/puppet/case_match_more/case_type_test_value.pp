case Integer {
  Type[Integer]: { notice('type of int') }
  default: { notice('no') }
}
