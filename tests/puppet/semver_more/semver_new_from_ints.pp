notice(SemVer(1, 2, 3))
notice(SemVer(1, 2, 3, 'alpha.1'))
notice(SemVer(1, 2, 3, undef, 'b'))
