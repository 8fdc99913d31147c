# ERB corpus case: redis/templates/service_templates/redis.service.erb, with plausible variables.
class corpus_case {
  $port = 'port_value'
  $redis_file_name = 'redis_file_name_value'
  $service_user = 'service_user_value'
  notice(template('redis/service_templates/redis.service.erb'))
}
include corpus_case
