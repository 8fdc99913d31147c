$r = SemVerRange('>=1.2.3 <1.5')
$t = SemVer[$r]
notice($t)
notice(SemVer('1.4.0') =~ $t)
