notice(max(SemVer('1.0.0'), SemVer('1.10.0')))
notice([SemVer('2.0.0'), SemVer('1.0.0')].sort)
