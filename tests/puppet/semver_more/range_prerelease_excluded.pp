$r = SemVerRange('1.x')
notice(SemVer('1.1.0-rc1') =~ $r)
notice(SemVer('1.1.0') =~ $r)
