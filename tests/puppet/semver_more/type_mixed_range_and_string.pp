$t = SemVer[SemVerRange('1.x'), '>=2.1.0']
notice($t)
notice(SemVer('2.0.0') =~ $t)
