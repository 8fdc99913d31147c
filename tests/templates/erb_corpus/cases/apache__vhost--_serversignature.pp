# ERB corpus case: apache/templates/vhost/_serversignature.erb, with plausible variables.
class corpus_case {
  notice(template('apache/vhost/_serversignature.erb'))
}
include corpus_case
