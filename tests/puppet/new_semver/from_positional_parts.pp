notice(SemVer(1, 2, 3))
notice(SemVer(0, 0, 1, 'rc.1'))
notice(SemVer(2, 0, 0, 'beta', 'exp.1'))
