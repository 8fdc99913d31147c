# ERB corpus case: ssh/templates/sshd_match_block.erb, with plausible variables.
class corpus_case {
  $options = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $type = 'type_value'
  notice(template('ssh/sshd_match_block.erb'))
}
include corpus_case
