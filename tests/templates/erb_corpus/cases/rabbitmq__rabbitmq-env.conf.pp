# ERB corpus case: rabbitmq/templates/rabbitmq-env.conf.erb, with plausible variables.
class corpus_case {
  $environment_variables = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  notice(template('rabbitmq/rabbitmq-env.conf.erb'))
}
include corpus_case
