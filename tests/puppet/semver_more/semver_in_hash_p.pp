notice({v => SemVer('2.0.0')})
notice(String({v => SemVer('2.0.0')}, '%p'))
