# ERB corpus case: horizon/templates/_1699_orchestration_settings.py.erb, with plausible variables.
class corpus_case {
  $enable_user_pass = 'enable_user_pass_value'
  $log_handlers = ['log_handlers_a', 'log_handlers_b']
  $log_level = 'log_level_value'
  $policy_file_real = 'policy_file_real_value'
  $template_generator_api_parallel = 'template_generator_api_parallel_value'
  $template_generator_api_timeout = 'template_generator_api_timeout_value'
  notice(template('horizon/_1699_orchestration_settings.py.erb'))
}
include corpus_case
