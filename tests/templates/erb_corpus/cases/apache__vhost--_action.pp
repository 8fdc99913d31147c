# ERB corpus case: apache/templates/vhost/_action.erb, with plausible variables.
class corpus_case {
  $action = 'action_value'
  notice(template('apache/vhost/_action.erb'))
}
include corpus_case
