# ERB corpus case: apache/templates/vhost/_file_footer.erb, with plausible variables.
class corpus_case {
  $define = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $passenger_pre_start = 'passenger_pre_start_value'
  notice(template('apache/vhost/_file_footer.erb'))
}
include corpus_case
