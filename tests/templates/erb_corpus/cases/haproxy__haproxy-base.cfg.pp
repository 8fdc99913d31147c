# ERB corpus case: haproxy/templates/haproxy-base.cfg.erb, with plausible variables.
class corpus_case {
  $_defaults_options = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $_global_options = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $custom_fragment = 'custom_fragment_value'
  notice(template('haproxy/haproxy-base.cfg.erb'))
}
include corpus_case
