# ERB corpus case: apache/templates/mod/event.conf.erb, with plausible variables.
class corpus_case {
  $listenbacklog = 'listenbacklog_value'
  $maxclients = 'maxclients_value'
  $maxconnectionsperchild = 'maxconnectionsperchild_value'
  $maxrequestsperchild = 'maxrequestsperchild_value'
  $maxrequestworkers = 'maxrequestworkers_value'
  $maxsparethreads = 'maxsparethreads_value'
  $minsparethreads = 'minsparethreads_value'
  $serverlimit = 'serverlimit_value'
  $startservers = 'startservers_value'
  $threadlimit = 'threadlimit_value'
  $threadsperchild = 'threadsperchild_value'
  notice(template('apache/mod/event.conf.erb'))
}
include corpus_case
