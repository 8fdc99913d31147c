notice(SemVerRange('not a range'))
