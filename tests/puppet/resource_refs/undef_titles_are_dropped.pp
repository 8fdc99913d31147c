# Undef titles and class names are dropped from a reference: none left is
# undef, or an empty array when several or an array were given.
file { '/tmp/x': require => Package[$nope::x] }
$a = Package[undef]
notice(type($a))
notice(Package[[]])
notice(Package[undef, 'a'])
notice(Package[[undef]])
notice(Resource['file', undef])
notice(Resource['file', 'x'])
notice(Resource['file', 'x', undef])
notice(Class[undef])
notice(Class[undef, 'a'])
