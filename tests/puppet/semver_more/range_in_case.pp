case SemVer('1.4.2') {
  SemVerRange('2.x'): { notice('two') }
  SemVerRange('1.x'): { notice('one') }
  default: { notice('none') }
}
