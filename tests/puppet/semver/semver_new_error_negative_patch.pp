notice(SemVer(1, 2, -3))
