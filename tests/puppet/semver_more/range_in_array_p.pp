notice([SemVerRange('1.x'), SemVer('1.2.3')])
notice(String([SemVerRange('1.x')], '%p'))
