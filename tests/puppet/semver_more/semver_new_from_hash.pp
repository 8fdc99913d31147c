notice(SemVer({major => 1, minor => 2, patch => 3, prerelease => 'rc', build => 'b1'}))
