notice(SemVerRange('>1.2.3'))
notice(SemVerRange('<=1.2.3'))
notice(SemVerRange('=1.2.3'))
notice(SemVerRange('1.2.3'))
