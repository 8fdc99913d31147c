notice(SemVerRange('1.x'))
notice(SemVerRange('1.2.x'))
notice(SemVerRange('*'))
notice(SemVerRange('1.*.*'))
