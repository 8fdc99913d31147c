notice(String(SemVerRange('1.x || 3.x'), '%p'))
notice(String([SemVerRange('~1.2')], '%p'))
