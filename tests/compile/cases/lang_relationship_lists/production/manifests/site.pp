# A relationship given a list holding lists (`Package[$names]` is itself a
# list) names its targets in one flat list in the catalog.
$names = ['a', 'b']
package { $names: }
service { 's': before => [Package[$names], Package['a']] }
service { 't': require => [[Package['a']], Package['b']] }
exec { 'u': command => '/bin/true', subscribe => [Service['s'], [Service['t']]] }
