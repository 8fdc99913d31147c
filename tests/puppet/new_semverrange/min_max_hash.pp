notice(SemVerRange({min => SemVer('2.0.0')}))
notice(SemVerRange({min => SemVer('2.0.0'), max => default}))
notice(SemVerRange({min => default, max => SemVer('2.0.0'), exclude_max => false}))
