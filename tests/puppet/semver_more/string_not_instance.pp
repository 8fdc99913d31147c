notice('1.0.0' =~ SemVer)
notice(SemVer('1.0.0') =~ SemVer)
notice('1.0.0' =~ SemVerRange)
