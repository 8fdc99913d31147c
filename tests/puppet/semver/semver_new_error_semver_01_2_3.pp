notice(SemVer('01.2.3'))
