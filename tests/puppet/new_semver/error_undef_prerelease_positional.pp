notice(SemVer(2, 0, 0, undef, 'b42'))
