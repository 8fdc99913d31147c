notice(String(SemVer('1.0.0'), '%d'))
