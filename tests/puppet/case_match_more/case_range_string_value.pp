case '1.2.3' {
  SemVerRange('1.x'): { notice('range vs string') }
  default: { notice('d') }
}
