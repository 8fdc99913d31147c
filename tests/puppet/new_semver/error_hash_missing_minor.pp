notice(SemVer({major => 1, patch => 0}))
