notice(SemVerRange('>=1.0.0'))
notice(SemVerRange('<2.0.0'))
notice(SemVerRange('>=0.0.0'))
