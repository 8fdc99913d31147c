# ERB corpus case: horizon/templates/_90_manila_shares.py.erb, with plausible variables.
class corpus_case {
  $log_handlers = ['log_handlers_a', 'log_handlers_b']
  $log_level = 'log_level_value'
  $manila_options_real = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $policy_file_real = 'policy_file_real_value'
  notice(template('horizon/_90_manila_shares.py.erb'))
}
include corpus_case
