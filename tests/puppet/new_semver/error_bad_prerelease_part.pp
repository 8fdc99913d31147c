notice(SemVer(1, 2, 3, 'a b'))
