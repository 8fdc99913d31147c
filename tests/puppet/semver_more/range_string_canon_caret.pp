notice(SemVerRange('^1.2.3'))
notice(SemVerRange('^0.2.3'))
notice(SemVerRange('^0.0.3'))
