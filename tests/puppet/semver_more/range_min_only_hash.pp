$r = SemVerRange({min => SemVer('1.0.0')})
notice($r)
