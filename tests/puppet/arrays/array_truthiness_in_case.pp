case [1, 2] {
  [1, 2]: { notice('matched array') }
  default: { notice('no') }
}
