# ERB corpus case: apache/templates/mod/jk/workers.properties.erb, with plausible variables.
class corpus_case {
  $workers_file_content = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  notice(template('apache/mod/jk/workers.properties.erb'))
}
include corpus_case
