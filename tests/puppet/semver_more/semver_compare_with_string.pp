notice(SemVer('1.2.3') == '1.2.3')
notice(SemVer('1.2.3') < '1.3.0')
