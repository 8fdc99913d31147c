# ERB corpus case: apache/templates/mod/itk.conf.erb, with plausible variables.
class corpus_case {
  $_apache_version = '2.4.1'
  $enablecapabilities = 'enablecapabilities_value'
  $maxclients = 'maxclients_value'
  $maxrequestsperchild = 'maxrequestsperchild_value'
  $maxspareservers = 'maxspareservers_value'
  $minspareservers = 'minspareservers_value'
  $serverlimit = 'serverlimit_value'
  $startservers = 'startservers_value'
  notice(template('apache/mod/itk.conf.erb'))
}
include corpus_case
