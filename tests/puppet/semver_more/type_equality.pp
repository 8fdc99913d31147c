notice(SemVer['1.x'] == SemVer['>=1.0.0 <2.0.0'])
notice(SemVer['1.x'] == SemVer['1.x'])
