notice(SemVerRange('1.2.3 - 2.3.4'))
notice(SemVerRange('1.2 - 2.3'))
notice(SemVerRange('1 - 2'))
