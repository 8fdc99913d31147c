# ERB corpus case: apache/templates/vhost/_php.erb, with plausible variables.
class corpus_case {
  $php_flags = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $php_values = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  notice(template('apache/vhost/_php.erb'))
}
include corpus_case
