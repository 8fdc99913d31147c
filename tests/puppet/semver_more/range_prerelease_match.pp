$r = SemVerRange('>=1.0.0-alpha <1.0.0')
notice(SemVer('1.0.0-beta') =~ $r)
notice(SemVer('1.0.0') =~ $r)
notice(SemVer('0.9.0-beta') =~ $r)
