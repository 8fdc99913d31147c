# ERB corpus case: redis/templates/service_templates/redis.RedHat.erb, with plausible variables.
class corpus_case {
  $redis_file_name = 'redis_file_name_value'
  notice(template('redis/service_templates/redis.RedHat.erb'))
}
include corpus_case
