# ERB corpus case: redis/templates/redis-sentinel.init.erb, with plausible variables.
class corpus_case {
  $config_file = 'config_file_value'
  $service_group = 'service_group_value'
  $service_user = 'service_user_value'
  notice(template('redis/redis-sentinel.init.erb'))
}
include corpus_case
