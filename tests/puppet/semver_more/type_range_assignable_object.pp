notice(SemVer[SemVerRange('1.x')] == SemVer['1.x'])
