notice(SemVerRange('1.x') == SemVerRange('>=1.0.0 <2.0.0'))
notice(SemVerRange('~1.2') == SemVerRange('>=1.2.0 <1.3.0'))
