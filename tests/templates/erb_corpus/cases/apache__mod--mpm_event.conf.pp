# ERB corpus case: apache/templates/mod/mpm_event.conf.erb, with plausible variables.
class corpus_case {
  notice(template('apache/mod/mpm_event.conf.erb'))
}
include corpus_case
