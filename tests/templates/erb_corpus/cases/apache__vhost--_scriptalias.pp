# ERB corpus case: apache/templates/vhost/_scriptalias.erb, with plausible variables.
class corpus_case {
  $scriptalias = 'scriptalias_value'
  $scriptaliases = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  notice(template('apache/vhost/_scriptalias.erb'))
}
include corpus_case
