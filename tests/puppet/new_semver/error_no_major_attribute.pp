$v = SemVer('1.2.3')
notice($v.major)
