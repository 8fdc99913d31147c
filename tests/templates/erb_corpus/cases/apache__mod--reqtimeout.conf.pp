# ERB corpus case: apache/templates/mod/reqtimeout.conf.erb, with plausible variables.
class corpus_case {
  $timeouts = ['timeouts_a', 'timeouts_b']
  notice(template('apache/mod/reqtimeout.conf.erb'))
}
include corpus_case
