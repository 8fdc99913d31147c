# ERB corpus case: apache/templates/vhost/_php_admin.erb, with plausible variables.
class corpus_case {
  $php_admin_flags = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $php_admin_values = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  notice(template('apache/vhost/_php_admin.erb'))
}
include corpus_case
