$t = SemVer['>=1.0.0 <2.0.0', '>=3.0.0']
notice(SemVer('1.5.0') =~ $t)
notice(SemVer('2.5.0') =~ $t)
notice(SemVer('3.1.0') =~ $t)
notice($t)
