# ERB corpus case: apache/templates/vhost/_serveralias.erb, with plausible variables.
class corpus_case {
  $serveraliases = ['serveraliases_a', 'serveraliases_b']
  notice(template('apache/vhost/_serveralias.erb'))
}
include corpus_case
