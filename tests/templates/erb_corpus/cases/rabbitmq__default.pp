# ERB corpus case: rabbitmq/templates/default.erb, with plausible variables.
class corpus_case {
  $file_limit = 'file_limit_value'
  notice(template('rabbitmq/default.erb'))
}
include corpus_case
