# ERB corpus case: apache/templates/mod/prefork.conf.erb, with plausible variables.
class corpus_case {
  $listenbacklog = 'listenbacklog_value'
  $maxclients = 'maxclients_value'
  $maxconnectionsperchild = 'maxconnectionsperchild_value'
  $maxrequestsperchild = 'maxrequestsperchild_value'
  $maxrequestworkers = 'maxrequestworkers_value'
  $maxspareservers = 'maxspareservers_value'
  $minspareservers = 'minspareservers_value'
  $serverlimit = 'serverlimit_value'
  $startservers = 'startservers_value'
  notice(template('apache/mod/prefork.conf.erb'))
}
include corpus_case
