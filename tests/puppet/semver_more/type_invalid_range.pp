notice(SemVer['>=foo'])
