# ERB corpus case: haproxy/templates/fragments/_options.erb, with plausible variables.
class corpus_case {
  $_sort_options_alphabetic = '_sort_options_alphabetic_value'
  $options = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  notice(template('haproxy/fragments/_options.erb'))
}
include corpus_case
