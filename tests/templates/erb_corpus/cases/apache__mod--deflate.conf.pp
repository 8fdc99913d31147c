# ERB corpus case: apache/templates/mod/deflate.conf.erb, with plausible variables.
class corpus_case {
  $notes = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $types = ['types_a', 'types_b']
  notice(template('apache/mod/deflate.conf.erb'))
}
include corpus_case
