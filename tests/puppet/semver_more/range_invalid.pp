notice(SemVerRange('>=1.0.0 <<2'))
