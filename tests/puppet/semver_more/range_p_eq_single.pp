notice(String([SemVerRange('1.2.3')], '%p'))
notice(String([SemVerRange('*')], '%p'))
notice(String([SemVerRange('<=2.0.0')], '%p'))
