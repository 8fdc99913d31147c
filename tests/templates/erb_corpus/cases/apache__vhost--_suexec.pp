# ERB corpus case: apache/templates/vhost/_suexec.erb, with plausible variables.
class corpus_case {
  $suexec_user_group = 'suexec_user_group_value'
  notice(template('apache/vhost/_suexec.erb'))
}
include corpus_case
