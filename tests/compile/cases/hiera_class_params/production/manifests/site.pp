include hprofile
$extra = lookup('extra_packages')
package { $extra: ensure => present }
notify { "family ${lookup('hprofile::service')} ${hiera('hprofile::port')}": }
