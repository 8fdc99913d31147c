$r = SemVerRange({min => SemVer('1.0.0'), max => SemVer('1.5.0'), exclude_max => true})
notice($r)
