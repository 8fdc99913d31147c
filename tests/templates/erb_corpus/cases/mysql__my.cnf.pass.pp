# ERB corpus case: mysql/templates/my.cnf.pass.erb, with plausible variables.
class corpus_case {
  $options = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  notice(template('mysql/my.cnf.pass.erb'))
}
include corpus_case
