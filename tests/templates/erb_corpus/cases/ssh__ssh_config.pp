# ERB corpus case: ssh/templates/ssh_config.erb, with plausible variables.
class corpus_case {
  $options = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  notice(template('ssh/ssh_config.erb'))
}
include corpus_case
