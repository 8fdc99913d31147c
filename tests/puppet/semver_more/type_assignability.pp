notice(SemVer['1.x'] <= SemVer)
notice(SemVer <= SemVer['1.x'])
notice(SemVer['>=1.2.0 <1.3.0'] <= SemVer['1.x'])
notice(SemVer['1.x', '2.x'] <= SemVer['>=1.0.0'])
