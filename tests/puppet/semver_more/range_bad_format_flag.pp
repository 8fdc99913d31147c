notice(String(SemVerRange('1.x'), '%d'))
