notice(SemVer({major => 3, minor => 1, patch => 4}))
notice(SemVer({major => 3, minor => 1, patch => 4, build => 'x.y'}))
notice(SemVer({major => 0, minor => 9, patch => 0, prerelease => 'pre.2', build => '7'}))
