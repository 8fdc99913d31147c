case 'b' {
  default: { notice('default first') }
  'b':     { notice('b matched') }
}
