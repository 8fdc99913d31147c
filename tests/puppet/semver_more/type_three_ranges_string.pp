$t = SemVer['1.x', '3.x', '~5.1']
notice($t)
notice(['1.2.3', '2.0.0', '5.1.9', '5.2.0'].map |$v| { SemVer($v) =~ $t })
