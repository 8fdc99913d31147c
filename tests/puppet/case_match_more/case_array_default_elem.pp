case [1, 'x'] {
  [default, 'x']: { notice('any first') }
}
