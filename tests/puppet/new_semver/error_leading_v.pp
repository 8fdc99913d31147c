notice(SemVer('v1.2.3'))
