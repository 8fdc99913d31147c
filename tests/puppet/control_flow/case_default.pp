case 'zzz' {
  'a':     { notice('a') }
  default: { notice('default branch') }
}
