case [1, 2, 3] {
  [1, 2]: { notice('prefix') }
  [1, 2, 3]: { notice('exact') }
}
