define d() {
  fail('boom')
}
d { 'x': }
