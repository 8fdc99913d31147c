File { owner => 'root', group => 'root' }
file { '/a': ensure => file }
class k { file { '/b': mode => '0600' } File['/b'] { backup => false } }
include k
Package { ensure => latest }
package { 'vim': }
