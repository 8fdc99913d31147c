notice(SemVerRange('1.2 - 2'))
notice(SemVerRange('1 - 2.3.4'))
