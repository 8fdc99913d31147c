notice(SemVer('1.2.3-beta') =~ SemVerRange('>=1.2.3-alpha <1.3.0'))
notice(SemVer('1.2.4-beta') =~ SemVerRange('>=1.2.3-alpha <1.3.0'))
notice(SemVer('1.2.3-beta') =~ SemVerRange('*'))
notice(SemVer('1.2.3-beta') =~ SemVerRange('^1.2.3-alpha'))
