notice(String(SemVer('1.2.3'), '%-10s|'))
