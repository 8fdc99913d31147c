# ERB corpus case: corosync/templates/cman.erb, with plausible variables.
class corpus_case {
  notice(template('corosync/cman.erb'))
}
include corpus_case
