notice(SemVer[1])
