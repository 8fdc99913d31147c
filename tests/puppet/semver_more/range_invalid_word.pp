notice(SemVerRange('latest'))
