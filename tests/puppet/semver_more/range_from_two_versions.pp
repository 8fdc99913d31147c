$r = SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'))
notice($r)
notice(SemVer('2.0.0') =~ $r)
notice(SemVer('1.9.9') =~ $r)
