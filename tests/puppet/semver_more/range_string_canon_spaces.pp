notice(SemVerRange('>=  1.2.3   <   2.0.0'))
notice(SemVerRange('>= 1.2'))
