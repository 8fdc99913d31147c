# ERB corpus case: monit/templates/system_test_resources.erb, with plausible variables.
class corpus_case {
  $system_cpu_system = 'system_cpu_system_value'
  $system_cpu_user = 'system_cpu_user_value'
  $system_cpu_wait = 'system_cpu_wait_value'
  $system_loadavg_15min = 'system_loadavg_15min_value'
  $system_loadavg_1min = 'system_loadavg_1min_value'
  $system_loadavg_5min = 'system_loadavg_5min_value'
  $system_memory = 'system_memory_value'
  $system_swap = 'system_swap_value'
  notice(template('monit/system_test_resources.erb'))
}
include corpus_case
