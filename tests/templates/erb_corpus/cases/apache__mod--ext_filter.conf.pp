# ERB corpus case: apache/templates/mod/ext_filter.conf.erb, with plausible variables.
class corpus_case {
  $ext_filter_define = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  notice(template('apache/mod/ext_filter.conf.erb'))
}
include corpus_case
