notice(type(SemVerRange('1.x')))
notice(type(SemVer('1.0.0')))
