$r = SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'), true)
notice($r)
notice(String($r, '%p'))
notice(SemVer('2.0.0') =~ $r)
