notice(SemVerRange('~1.2'))
notice(SemVerRange('~1'))
notice(SemVerRange('~1.2.3'))
