case SemVer('1.2.0') {
  SemVerRange('>=1.0.0'): { notice('ge1') }
}
