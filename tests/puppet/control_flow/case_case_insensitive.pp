case 'HELLO' {
  'hello': { notice('matched case-insensitively') }
  default: { notice('no') }
}
