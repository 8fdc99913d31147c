# ERB corpus case: horizon/templates/_1499_load_balancer_settings.py.erb, with plausible variables.
class corpus_case {
  $log_handlers = ['log_handlers_a', 'log_handlers_b']
  $log_level = 'log_level_value'
  $policy_file_real = 'policy_file_real_value'
  notice(template('horizon/_1499_load_balancer_settings.py.erb'))
}
include corpus_case
