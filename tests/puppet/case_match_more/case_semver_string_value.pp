case '1.2.3' {
  SemVer('1.2.3'): { notice('version eq string') }
  default: { notice('d') }
}
